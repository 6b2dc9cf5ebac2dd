// Jest's globalSetup: the suites that run the compiled server (dist/, as `npm run start:prod` does)
// get one fresh build of the working tree, made before any suite starts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildOnce() {
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
}
