// Times the test loop as a new engineer meets it (docs/testing.md, "Where the time goes"): a fresh
// clone of a commit, `npm ci`, then each command below, with no MySQL URL (the SQLite half) and
// nothing else from this shell's test settings. Prints one line per command with its target.
// Usage: node test/support/test-timings.mjs [REF ...]   (default HEAD; give two refs for before/after)
// Run it on a quiet machine: every figure is wall-clock time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ONE_FILE = 'test/pets.e2e-spec.ts';

/** What is timed, in order; each target is issue 73's, in seconds. */
const STEPS = [
  { name: 'npm test (fresh clone, SQLite half)', args: ['test'], target: 180 },
  { name: 'npm run test:unit', args: ['run', 'test:unit'], target: 15 },
  {
    name: `npm run test:e2e -- ${ONE_FILE} (nothing changed)`,
    args: ['run', 'test:e2e', '--', ONE_FILE],
    target: 15,
  },
  { name: 'npm run check:module-guide', args: ['run', 'check:module-guide'], target: 120 },
];

function run(cwd, command, args, env = process.env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { ok: result.status === 0, seconds, output: `${result.stdout}${result.stderr}` };
}

/** The environment a newcomer's shell has: none of this repository's test or CI settings. */
function newcomerEnv() {
  const env = { ...process.env, FORCE_COLOR: '0' };
  for (const name of Object.keys(env)) {
    if (name === 'CI' || name.startsWith('TEST_') || name.startsWith('PETSTORE_')) delete env[name];
  }
  return env;
}

function timeRef(ref) {
  const clone = mkdtempSync(join(tmpdir(), 'petstore-timings-'));
  try {
    for (const [cwd, command, args] of [
      [ROOT, 'git', ['clone', '--quiet', '--no-checkout', ROOT, clone]],
      [clone, 'git', ['checkout', '--quiet', ref]],
      [clone, 'npm', ['ci', '--no-audit', '--no-fund']],
    ]) {
      const step = run(cwd, command, args);
      if (!step.ok) throw new Error(`${command} ${args.join(' ')} failed:\n${step.output}`);
    }
    const commit = run(clone, 'git', ['log', '-1', '--format=%h %s']).output.trim().slice(0, 72);
    console.log(`\n${ref}: ${commit}`);
    const env = newcomerEnv();
    for (const step of STEPS) {
      const result = run(clone, 'npm', step.args, env);
      const verdict = result.seconds <= step.target ? 'within' : 'OVER';
      const outcome = result.ok ? 'passed' : 'FAILED';
      console.log(
        `  ${step.name.padEnd(58)} ${result.seconds.toFixed(0).padStart(5)} s  ${outcome}, ${verdict} ${step.target} s`,
      );
      if (!result.ok) {
        const log = join(
          tmpdir(),
          `petstore-timings-${ref.replace(/[^\w.-]/g, '_')}-${STEPS.indexOf(step)}.log`,
        );
        writeFileSync(log, result.output);
        console.log(`${result.output.split('\n').slice(-40).join('\n')}\n  (whole output: ${log})`);
      }
    }
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

const refs = process.argv.slice(2);
console.log(`node ${process.version}; wall-clock seconds on this machine`);
for (const ref of refs.length > 0 ? refs : ['HEAD']) timeRef(ref);
