// npm run bench:compare-instructions: this build against a baseline build in instructions per
// request under callgrind (bench/callgrind.mjs), for a change smaller than what req/s on a shared
// machine can tell apart. BENCH_BASELINE is the baseline's main.js
// (.baseline/dist/src/main.js after `mkdir -p .baseline && cp -r dist .baseline/`, as for
// bench:compare). BENCH_SERVERS (3) pairs of servers, each pair a baseline and this build counted
// side by side; the table gives every pair and the ratio of their medians. Tracing off; SQLite, or
// MySQL with BENCH_MYSQL_URL (the database server's instructions are not counted). BENCH_WARMUP
// (8000), BENCH_COUNTED (6000) and BENCH_OPERATIONS as for tracing-instructions.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { THIS_BUILD, countConfigurations, thousands } from './callgrind.mjs';
import { ROOT, chosenCells, nodeBinary, roundSettings } from './processes.mjs';

const baseline = resolve(ROOT, process.env.BENCH_BASELINE ?? '.baseline/dist/src/main.js');
if (!existsSync(baseline))
  throw new Error(`No baseline build at ${baseline}: set BENCH_BASELINE to its dist/src/main.js`);
const operations = chosenCells();
const WARMUP = Number(process.env.BENCH_WARMUP ?? 8000);
const COUNTED = Number(process.env.BENCH_COUNTED ?? 6000);
const PAIRS = Number(process.env.BENCH_SERVERS ?? 3);

const node = nodeBinary(roundSettings().node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const mysqlUrl = process.env.BENCH_MYSQL_URL;
const { medians, servers } = await countConfigurations(
  [
    { name: 'baseline', main: baseline, env: {} },
    { name: 'this build', main: THIS_BUILD, env: {} },
  ],
  operations,
  { node, copies: PAIRS, mysqlUrl, warmup: WARMUP, countedRequests: COUNTED, label },
);

const pairs = Array.from({ length: PAIRS }, (_, pair) => servers.slice(pair * 2, pair * 2 + 2));
const both = (count) => `${thousands(count.all)} (${thousands(count.main)})`;
const change = (before, after) => `${(((after - before) / before) * 100).toFixed(1)} %`;
const lines = [
  `Instructions per request on ${mysqlUrl ? 'MySQL' : 'SQLite'}, ${label}, baseline ${baseline} against this build, ${WARMUP} requests of warm-up and ${COUNTED} counted per cell, ${new Date().toISOString()}: all threads (main thread in brackets), baseline → this build`,
  '',
  `| operation | ${pairs.map((_, pair) => `pair ${pair + 1}`).join(' | ')} | medians: all threads | main thread |`,
  `|---|${pairs.map(() => '---').join('|')}|---:|---:|`,
  ...operations.map((operation) => {
    const [before, after] = [medians[operation].baseline, medians[operation]['this build']];
    const each = pairs.map(
      ([first, second]) => `${both(first.counts[operation])} → ${both(second.counts[operation])}`,
    );
    return `| ${operation} | ${each.join(' | ')} | ${change(before.all, after.all)} | ${change(before.main, after.main)} |`;
  }),
];
console.log(lines.join('\n'));
