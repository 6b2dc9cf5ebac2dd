// A Jest reporter: ends the run with one line naming the suites left out (optional-suites.ts notes
// them) and what would run them. Silent when nothing was left out. Jest prints its own summary after
// every reporter's onRunComplete, so the line is written as the process exits, to come last.
import { readFileSync, rmSync, writeSync } from 'node:fs';

const VARIABLE = 'PETSTORE_LEFT_OUT_FILE';

export default class LeftOutReporter {
  onRunStart() {
    if (process.env[VARIABLE]) rmSync(process.env[VARIABLE], { force: true });
  }

  onRunComplete() {
    const file = process.env[VARIABLE];
    if (!file) return;
    let lines;
    try {
      lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    } catch {
      return;
    } finally {
      rmSync(file, { force: true });
    }
    // One group per requirement, each suite once (a suite may note the same part more than once).
    const groups = new Map();
    for (const line of lines) {
      const { suite, part, needs, remedy, partOfSuites } = JSON.parse(line);
      const group = groups.get(needs) ?? {
        remedy,
        partOfSuites,
        parts: new Set(),
        suites: new Set(),
      };
      group.suites.add(suite);
      group.parts.add(part ? `${part} of ${suite}` : suite);
      groups.set(needs, group);
    }
    const described = [...groups].map(([needs, { remedy, partOfSuites, parts, suites }]) => {
      const what = partOfSuites
        ? `${partOfSuites} ${suites.size} suite${suites.size === 1 ? '' : 's'}`
        : [...parts].sort().join(', ');
      return `${what} (needs ${needs}: ${remedy})`;
    });
    const line = `Left out: ${described.join('; ')}. docs/testing.md says more; bash .ci/run runs everything.\n`;
    process.once('exit', () => writeSync(process.stderr.fd, line));
  }
}
