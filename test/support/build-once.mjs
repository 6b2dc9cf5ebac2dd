// Part of Jest's globalSetup (global-setup.mjs): the suites that run the compiled server (dist/, as `npm run start:prod` does)
// get a build of the working tree, made before any suite starts, and only when an input changed
// since the last one (a fingerprint of every input's path, size and modification time).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const INPUTS = [
  'src',
  'ormconfig.ts',
  'package.json',
  'package-lock.json',
  'nest-cli.json',
  '.swcrc',
  'tsconfig.json',
  'tsconfig.build.json',
];
const FINGERPRINT = join(ROOT, 'dist/.build-fingerprint');

function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) return yield path;
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(ROOT, input))) {
      const { size, mtimeMs } = statSync(file);
      hash.update(`${relative(ROOT, file)}\0${size}\0${mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

export default function buildOnce() {
  const current = fingerprint();
  if (existsSync(FINGERPRINT) && readFileSync(FINGERPRINT, 'utf8') === current) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
  writeFileSync(FINGERPRINT, current);
}
