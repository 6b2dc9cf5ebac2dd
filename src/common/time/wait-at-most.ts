/**
 * Waits until `work` settles (fulfilled or rejected alike) or `ms` pass, whichever is first. The
 * timer goes with the wait: left running, it would hold a stopping process open for the rest of it.
 */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((done) => (timer = setTimeout(done, ms)));
  try {
    await Promise.race([work.then(ignore, ignore), late]);
  } finally {
    clearTimeout(timer);
  }
}

function ignore(): void {}
