import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support/compiled-server.js';

/** Whether `pid` runs (a zombie, killed and not yet reaped, does not). */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('processes the suites start (test/support/spawn-until.ts)', () => {
  it('are killed when the test process exits before it stops them: a suite that timed out leaves none behind', async () => {
    // A test process that starts a server-like process and exits without stopping it.
    const script = `
      const { spawnUntil } = await import(${JSON.stringify(join(ROOT, 'test/support/spawn-until.ts'))});
      const { child } = await spawnUntil(process.execPath,
        ['-e', 'console.log("ready"); setInterval(() => {}, 1000)'], {}, 'ready');
      console.log(child.pid);
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const pid = Number(run.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    try {
      for (let waited = 0; running(pid) && waited < 5_000; waited += 50)
        await new Promise((wait) => setTimeout(wait, 50));
      expect(running(pid)).toBe(false);
    } finally {
      if (running(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
