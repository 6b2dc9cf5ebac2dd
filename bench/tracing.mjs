// npm run bench:tracing (and the last step of npm run bench): the peer cells (listPets, by status,
// getPet, createPet) with tracing off (the service as start:prod runs it) against tracing on at 10 %
// sampling (parentbased_traceidratio 0.1) and at 100 %, the build before tracing (842b4c2, built
// into .baseline/pre47 unless BENCH_BASELINE names another), and the typical-nest peer, in one run
// (bench/compare.mjs, rounds rotating the servers). The spans go over OTLP/HTTP (protobuf, the
// default) to a local receiver in its own process that reads and discards them. SQLite; MySQL with
// BENCH_MYSQL_URL. Targets: 10 % costs at most 5 % of throughput on each cell, and off is the build
// before tracing's (bench/README.md). Each server gets 20 s of each cell first (BENCH_WARMUP_SECONDS):
// at 10 %, V8 optimizes the sampled requests' code fully only after many of them, as a long-running
// server has.
import { relative } from 'node:path';
import { ROOT, buildAtCommit, startDiscardingOtlpReceiver } from './processes.mjs';

/** The last commit before tracing: "off" is measured against it too (the figures must not move). */
const BEFORE_TRACING = '842b4c2';
process.env.BENCH_BASELINE ??= relative(ROOT, buildAtCommit(BEFORE_TRACING, 'pre47'));
process.env.BENCH_WARMUP_SECONDS ??= '20';

const receiver = await startDiscardingOtlpReceiver();

process.env.BENCH_VARIANTS = JSON.stringify({
  'traced 10 %': { env: receiver.tracingEnv(0.1) },
  'traced 100 %': { env: receiver.tracingEnv(1) },
});
try {
  await import('./compare.mjs');
} finally {
  receiver.stop();
}
