import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface Spawned {
  child: ChildProcess;
  /** Everything the process has written to stdout and stderr so far. */
  output: () => string;
}

/** Every process started here and still running: killed when the test process exits. */
const running = new Set<ChildProcess>();

// A suite that times out, or fails before it stops what it started, must leave no process behind
// (a server left running after Jest ended was found minutes later).
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts a process and resolves once its output contains `ready`; rejects if it exits or times out
 * first. The process is killed if the test process exits while it still runs.
 */
export async function spawnUntil(
  command: string,
  args: string[],
  options: SpawnOptions,
  ready: string,
  timeoutMs = 30_000,
): Promise<Spawned> {
  const child = spawn(command, args, options);
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(ready)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`${command} did not get ready:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return { child, output: () => output };
}
