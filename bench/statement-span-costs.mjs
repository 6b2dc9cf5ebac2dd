// node bench/statement-span-costs.mjs (after npm run build; apt-get install valgrind): what a MySQL
// statement of a request that is not sampled costs with tracing on, in instructions under
// valgrind's callgrind: mysql2's `execute` as OpenTelemetry's mysql2 instrumentation wraps it, and
// as the service's MySQL2WithinRecordedSpans does (src/database/mysql2.instrumentation.ts), called
// in a loop within a span that is not recorded, with a stand-in for mysql2 that answers at once.
// Each is the difference between a loop of 20,000 calls and one of 80,000, so start-up cancels out.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SHORT = 20_000;
const LONG = 80_000;

async function loop(variant, times) {
  const { ROOT_CONTEXT, TraceFlags, context, trace } = await import('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider } =
    await import('@opentelemetry/sdk-trace');
  const { MySQL2Instrumentation } = await import('@opentelemetry/instrumentation-mysql2');
  const { MySQL2WithinRecordedSpans } =
    await import('../dist/src/database/mysql2.instrumentation.js');
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const instrumentation =
    variant === 'service'
      ? new MySQL2WithinRecordedSpans()
      : new MySQL2Instrumentation({ maskStatement: true });
  instrumentation.setTracerProvider(
    new TracerProvider({
      sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0.1) }),
    }),
  );
  const mysql2Execute = function (sql, values, callback) {
    callback(null, []);
    return this;
  };
  const execute = instrumentation._patchQuery(undefined, true)(mysql2Execute);
  const connection = {
    config: { connectionConfig: { host: '127.0.0.1', port: 3306, database: 'petstore' } },
  };
  const sql = 'SELECT `id`, `name`, `category_id`, `status` FROM `pets` WHERE `id` = ? LIMIT 1';
  const notSampled = trace.setSpan(
    ROOT_CONTEXT,
    trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.NONE,
    }),
  );
  let answered = 0;
  const callback = () => answered++;
  context.with(notSampled, () => {
    for (let i = 0; i < times; i++) execute.call(connection, sql, [i], callback);
  });
  if (answered !== times) throw new Error(`${answered} of ${times} statements answered`);
}

function counted(node, variant, times) {
  const run = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      '--smc-check=all-non-file',
      node,
      fileURLToPath(import.meta.url),
      'loop',
      variant,
      String(times),
    ],
    { encoding: 'utf8' },
  );
  const collected = run.stderr.match(/Collected : (\d+)/);
  if (run.status !== 0 || !collected) throw new Error(`${variant} ${times}:\n${run.stderr}`);
  return Number(collected[1]);
}

if (process.argv[2] === 'loop') {
  await loop(process.argv[3], Number(process.argv[4]));
} else {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  const { nodeBinary, roundSettings } = await import('./processes.mjs');
  const node = nodeBinary(roundSettings().node);
  for (const variant of ['instrumentation', 'service']) {
    const each = (counted(node, variant, LONG) - counted(node, variant, SHORT)) / (LONG - SHORT);
    console.log(
      `${variant === 'service' ? "the service's MySQL2WithinRecordedSpans" : "OpenTelemetry's instrumentation alone"}: ${Math.round(each).toLocaleString('en')} instructions per statement not sampled`,
    );
  }
}
