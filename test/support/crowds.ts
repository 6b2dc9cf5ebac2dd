import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CROWD = fileURLToPath(new URL('./crowd.mjs', import.meta.url));

/** What test/support/crowd.mjs reports for each request: the answer, or the error that came instead. */
export type Outcome =
  { status: number; body: string } | { error: string; afterMs: number; connected: boolean };

/** One request of a crowd; `authorization` (null: none) in place of the crowd's own. */
export interface CrowdRequest {
  method: string;
  path: string;
  body?: string;
  authorization?: string | null;
}

/**
 * Sends every request at once from a process of its own, as a crowd of clients would
 * (test/support/crowd.mjs), each with `authorization` unless it has its own.
 */
export async function crowd(
  port: number,
  authorization: string,
  requests: CrowdRequest[],
): Promise<Outcome[]> {
  return (await readyCrowd(port, authorization, requests)).go();
}

/**
 * The crowd's process started and loaded, its requests not sent until `go()`: what the test sets
 * up in between (requests held to fill an instance) does not wait for a process to start.
 */
export function readyCrowd(
  port: number,
  authorization: string,
  requests: CrowdRequest[],
): Promise<{ go: () => Promise<Outcome[]> }> {
  return new Promise((ready, reject) => {
    const child = spawn(process.execPath, [CROWD], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    const outcomes = new Promise<Outcome[]>((resolve, failed) => {
      child.on('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(output.slice('ready\n'.length)) as Outcome[])
          : failed(new Error(`the crowd exited with ${code}`)),
      );
    });
    // Settled by ready() or reject() below when the crowd fails before it is ready.
    outcomes.catch(reject);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const wasReady = output.startsWith('ready\n');
      output += chunk;
      if (!wasReady && output.startsWith('ready\n'))
        ready({ go: () => (child.stdin.end('go\n'), outcomes) });
    });
    child.on('error', reject);
    child.stdin.write(`${JSON.stringify({ port, authorization, requests })}\n`);
  });
}

/** An answer's status, and for an error its message, so that a failure says why. */
export function answerName({ status, body }: { status: number; body: string }): string {
  if (status < 400) return String(status);
  try {
    return `${status} ${(JSON.parse(body) as { message?: unknown }).message as string}`;
  } catch {
    return `${status} ${body.slice(0, 200)}`;
  }
}

/**
 * How many requests got each answer, and each request that got no answer: what went wrong, when,
 * and whether it had connected.
 */
export const outcomeCounts = (outcomes: Outcome[]) =>
  outcomes.reduce<Record<string, number>>((counts, outcome) => {
    const name =
      'status' in outcome
        ? answerName(outcome)
        : `${outcome.error} after ${outcome.afterMs} ms${outcome.connected ? ', connected' : ''}`;
    return { ...counts, [name]: (counts[name] ?? 0) + 1 };
  }, {});
