// npm run bench:tracing-instructions: what tracing costs each peer cell, counted in instructions per
// request rather than req/s, which a shared machine moves by more than the 5 % target. Each server
// runs under valgrind's callgrind (apt-get install valgrind) with counting switched on only for the
// measured requests: tracing off, on but never sampling (what every request pays), at 10 % and at
// 100 % (parentbased_traceidratio), spans going over OTLP/HTTP to a receiver in its own process.
// All threads count (V8's compilers and GC, libuv's pool): the CPU a request costs. SQLite; MySQL
// with BENCH_MYSQL_URL (the database server's instructions are not counted). Settings:
// BENCH_WARMUP (50000) requests of each cell before any is counted (and a quarter more before
// each; the cells share the span code): at 10 %, V8 optimizes the sampled requests' code fully
// only after many requests (bench/README.md), as a long-running server's is. BENCH_COUNTED (6000)
// counted, BENCH_OPERATIONS, BENCH_SERVERS (1) servers of each configuration, the table giving
// their median: one server's count moves by up to a tenth. BENCH_OTLP_PROTOCOLS (http/protobuf):
// the exporter's OTEL_EXPORTER_OTLP_PROTOCOL; `http/protobuf,http/json` counts both side by side.
import { execFileSync } from 'node:child_process';
import { THIS_BUILD, countConfigurations, thousands } from './callgrind.mjs';
import {
  chosenCells,
  nodeBinary,
  roundSettings,
  startDiscardingOtlpReceiver,
} from './processes.mjs';

const operations = chosenCells();
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50000);
const COUNTED = Number(process.env.BENCH_COUNTED ?? 6000);
const EACH = Number(process.env.BENCH_SERVERS ?? 1);

const PROTOCOLS = (process.env.BENCH_OTLP_PROTOCOLS ?? 'http/protobuf').split(',');

const receiver = await startDiscardingOtlpReceiver();
const SERVERS = { off: {} };
for (const protocol of PROTOCOLS) {
  const suffix = PROTOCOLS.length === 1 ? '' : ` ${protocol.replace('http/', '')}`;
  SERVERS[`never sampled${suffix}`] = receiver.tracingEnv(0, protocol);
  SERVERS[`traced 10 %${suffix}`] = receiver.tracingEnv(0.1, protocol);
  SERVERS[`traced 100 %${suffix}`] = receiver.tracingEnv(1, protocol);
}

const node = nodeBinary(roundSettings().node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const mysqlUrl = process.env.BENCH_MYSQL_URL;
let medians;
try {
  ({ medians } = await countConfigurations(
    Object.entries(SERVERS).map(([name, env]) => ({ name, main: THIS_BUILD, env })),
    operations,
    { node, copies: EACH, mysqlUrl, warmup: WARMUP, countedRequests: COUNTED, label },
  ));
} finally {
  receiver.stop();
}

const names = Object.keys(SERVERS);
const lines = [
  `Instructions per request on ${mysqlUrl ? 'MySQL' : 'SQLite'}, ${label}, ${WARMUP} requests of warm-up and ${COUNTED} counted per cell, ${EACH === 1 ? 'one server' : `the median of ${EACH} servers`} per configuration, ${new Date().toISOString()}: all threads (main thread in brackets)`,
  '',
  `| operation | ${names.join(' | ')} | ${names
    .slice(1)
    .map((name) => `${name} / off`)
    .join(' | ')} |`,
  `|---|${names.map(() => '---:').join('|')}|${names
    .slice(1)
    .map(() => '---:')
    .join('|')}|`,
  ...operations.map((operation) => {
    const of = medians[operation];
    const cells = names.map((name) => `${thousands(of[name].all)} (${thousands(of[name].main)})`);
    const ratios = names
      .slice(1)
      .map(
        (name) =>
          `${(of[name].all / of.off.all).toFixed(3)} (${(of[name].main / of.off.main).toFixed(3)})`,
      );
    return `| ${operation} | ${cells.join(' | ')} | ${ratios.join(' | ')} |`;
  }),
];
console.log(lines.join('\n'));
