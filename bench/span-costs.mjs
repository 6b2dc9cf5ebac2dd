// node bench/span-costs.mjs: what one sampled trace costs the SDK in a loop, CPU µs of this process:
// a getPet-like trace (a server span with the service's attributes and one statement span) made
// and ended, then a batch of 1,024 such spans serialized by the OTLP exporters' two serializers
// (protobuf, the default, and JSON). Three rounds; read the last, once the JIT has settled.
import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { AlwaysOnSampler, TracerProvider } from '@opentelemetry/sdk-trace';

const ended = [];
const provider = new TracerProvider({
  sampler: new AlwaysOnSampler(),
  spanProcessors: [
    {
      onStart: () => undefined,
      onEnd: (span) => ended.push(span),
      forceFlush: async () => undefined,
      shutdown: async () => undefined,
    },
  ],
});
const tracer = provider.getTracer('petstore', '1.0.0');

function getPetTrace() {
  const server = tracer.startSpan('GET', { kind: SpanKind.SERVER }, ROOT_CONTEXT);
  server.setAttributes({
    'http.request.method': 'GET',
    'url.path': '/v1/pets/1',
    'url.scheme': 'http',
    'server.address': '127.0.0.1',
    'server.port': 3000,
    'client.address': '127.0.0.1',
    'network.protocol.version': '1.1',
    'user_agent.original': 'autocannon',
  });
  const statement = tracer.startSpan(
    'SELECT',
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'sqlite',
        'db.operation.name': 'SELECT',
        'db.query.text': 'SELECT "id", "name", "category_id", "status" FROM "pets" WHERE "id" = ?',
      },
    },
    trace.setSpan(ROOT_CONTEXT, server),
  );
  statement.end();
  server.updateName('GET /v1/pets/{petId}');
  server.setAttribute('http.route', '/v1/pets/{petId}');
  server.setAttribute('petstore.api_key.name', 'store-desk');
  server.setAttribute('http.response.status_code', 200);
  server.end();
}

function cpuMicrosEach(times, run) {
  const before = process.cpuUsage();
  for (let i = 0; i < times; i++) run();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / times;
}

for (let round = 1; round <= 3; round++) {
  const traceCost = cpuMicrosEach(100_000, getPetTrace);
  ended.length = 0;
  for (let i = 0; i < 512; i++) getPetTrace();
  const batch = ended.splice(0);
  const protobuf = cpuMicrosEach(50, () => ProtobufTraceSerializer.serializeRequest(batch));
  const json = cpuMicrosEach(50, () => JsonTraceSerializer.serializeRequest(batch));
  console.log(
    `round ${round}: a trace of 2 spans made and ended ${traceCost.toFixed(1)} µs; ` +
      `serialized, per span: protobuf ${(protobuf / batch.length).toFixed(2)} µs, ` +
      `JSON ${(json / batch.length).toFixed(2)} µs`,
  );
}
