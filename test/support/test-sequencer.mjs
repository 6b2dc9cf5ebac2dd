// Jest's order, with one change for a run that has no timings yet (a fresh clone, a new file).
// Jest runs the files it has timed longest first, so that no worker is left with a long suite at
// the end; a file it has not timed it orders by size, and size says little here: the long suites
// are those that start processes (compiled servers, the keys CLI, database servers, a browser) and
// wait on them. Those untimed files run first; once Jest has timed them, its order applies alone.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Sequencer from '@jest/test-sequencer';

const TEST_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..') + sep;

/** Imports that start a process: directly, or through the test/ helpers a file imports. */
const STARTS_PROCESSES = /from '(node:child_process|playwright-core)'/;
const RELATIVE_IMPORT = /from '(\.{1,2}\/[^']+)'/g;

export default class ProcessSuitesFirst extends Sequencer {
  #startsProcesses = new Map();

  sort(tests) {
    const ordered = super.sort(tests);
    const rank = (test) => (test.duration == null && this.startsProcesses(test.path) ? 0 : 1);
    return ordered
      .map((test, index) => ({ test, index, rank: rank(test) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ test }) => test);
  }

  startsProcesses(file, visiting = new Set()) {
    if (this.#startsProcesses.has(file)) return this.#startsProcesses.get(file);
    if (visiting.has(file)) return false;
    visiting.add(file);
    const source = readFileSync(file, 'utf8');
    let starts = STARTS_PROCESSES.test(source);
    for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
      if (starts) break;
      const imported = resolve(dirname(file), specifier);
      const path = [imported.replace(/\.js$/, '.ts'), imported].find(existsSync);
      if (path?.startsWith(TEST_ROOT)) starts = this.startsProcesses(path, visiting);
    }
    this.#startsProcesses.set(file, starts);
    return starts;
  }
}
