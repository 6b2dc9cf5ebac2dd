// Keeps every core busy, to prove that no test needs a quiet machine (docs/testing.md):
//   node test/support/cpu-hog.mjs start [N]     N busy processes (default: one per core), in the background
//   node test/support/cpu-hog.mjs stop          stops the ones `start` left
//   node test/support/cpu-hog.mjs run [N] -- COMMAND [ARGS...]
//                                                the command beside N busy processes, which stop with it;
//                                                exits with the command's status
// The busy processes run at the tests' own priority, so they take a full share of each core.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const PID_FILE = join(tmpdir(), 'petstore-cpu-hog.pids');
const SPIN = 'for (;;) { Math.sqrt(Math.random()); }';

function startHogs(count) {
  return Array.from({ length: count }, () => {
    const hog = spawn(process.execPath, ['-e', SPIN], { detached: true, stdio: 'ignore' });
    hog.unref();
    return hog.pid;
  });
}

/** Every hog is recorded, so `stop` also ends those of a `run` that was killed. */
function record(pids) {
  const before = existsSync(PID_FILE) ? readFileSync(PID_FILE, 'utf8') : '';
  writeFileSync(PID_FILE, `${before}${pids.join('\n')}\n`);
}

/** Whether `pid` is still one of ours: a recorded pid may since have gone to another process. */
function isHog(pid) {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync('/proc/self/cmdline')) return true; // no /proc: trust the record
  try {
    return readFileSync(cmdline, 'utf8').includes(SPIN);
  } catch {
    return false; // gone
  }
}

function stopHogs(pids) {
  for (const pid of pids.filter(isHog)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The recorded pids without `pids` (a `run` that stopped its own). */
function forget(pids) {
  if (!existsSync(PID_FILE)) return;
  const left = readFileSync(PID_FILE, 'utf8')
    .split('\n')
    .filter((pid) => pid && !pids.includes(Number(pid)));
  if (left.length === 0) rmSync(PID_FILE, { force: true });
  else writeFileSync(PID_FILE, `${left.join('\n')}\n`);
}

function count(value) {
  const n = value === undefined ? availableParallelism() : Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`the number of busy processes must be a positive integer: ${value}`);
  return n;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'start') {
  const pids = startHogs(count(rest[0]));
  record(pids);
  console.log(
    `cpu-hog: ${pids.length} busy processes (${pids.join(', ')}); stop them with: node test/support/cpu-hog.mjs stop`,
  );
} else if (command === 'stop') {
  const pids = existsSync(PID_FILE)
    ? readFileSync(PID_FILE, 'utf8').split('\n').filter(Boolean).map(Number)
    : [];
  const running = pids.filter(isHog);
  stopHogs(running);
  rmSync(PID_FILE, { force: true });
  console.log(`cpu-hog: stopped ${running.length} busy processes`);
} else if (command === 'run') {
  const separator = rest.indexOf('--');
  if (separator < 0 || separator === rest.length - 1)
    throw new Error('usage: cpu-hog.mjs run [N] -- COMMAND [ARGS...]');
  const pids = startHogs(count(separator === 0 ? undefined : rest[0]));
  record(pids);
  console.log(
    `cpu-hog: ${pids.length} busy processes beside: ${rest.slice(separator + 1).join(' ')}`,
  );
  const stop = () => {
    stopHogs(pids);
    forget(pids);
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  const result = spawnSync(rest[separator + 1], rest.slice(separator + 2), { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} else {
  console.error(
    'usage: node test/support/cpu-hog.mjs start [N] | stop | run [N] -- COMMAND [ARGS...]',
  );
  process.exitCode = 2;
}
