import { globSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// src/ when run from TypeScript (tests, nest start), dist/src/ when compiled.
const SOURCE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXTENSION = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/** Every class exported by the files matching `pattern`, in path order. */
async function importClasses(pattern: string): Promise<(new (...args: never[]) => unknown)[]> {
  const files = globSync(pattern, { cwd: SOURCE_ROOT })
    .filter((file) => !/\.(spec|d)\.[jt]s$/.test(file))
    .sort();
  const classes: (new (...args: never[]) => unknown)[] = [];
  for (const file of files) {
    const exports = (await import(pathToFileURL(join(SOURCE_ROOT, file)).href)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(exports))
      if (typeof value === 'function') classes.push(value as new (...args: never[]) => unknown);
  }
  return classes;
}

/** Every module's migrations (`src/<module>/migrations/*`), run in timestamp order. */
export function loadMigrations(): Promise<(new (...args: never[]) => unknown)[]> {
  return importClasses(`*/migrations/*.${EXTENSION}`);
}

/** Every module's entities, for the TypeORM CLI. */
export function loadEntities(): Promise<(new (...args: never[]) => unknown)[]> {
  return importClasses(`*/*.entity.${EXTENSION}`);
}
