import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface Spawned {
  child: ChildProcess;
  /** Everything the process has written to stdout and stderr so far. */
  output: () => string;
}

/**
 * Starts a process and resolves once its output contains `ready`; rejects if it exits or times out
 * first.
 */
export async function spawnUntil(
  command: string,
  args: string[],
  options: SpawnOptions,
  ready: string,
  timeoutMs = 30_000,
): Promise<Spawned> {
  const child = spawn(command, args, options);
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
