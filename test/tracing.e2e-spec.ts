import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  ROOT,
  startCompiledServer,
  stopCompiledServer,
  type CompiledServer,
} from './support/compiled-server.js';
import { RENDER_REUSE_MS } from '../src/metrics/metrics.service.js';
import { freePort } from './support/free-port.js';
import { REDIS, runsWith } from './support/optional-suites.js';
import { OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver.js';
import { RedisServer } from './support/redis-server.js';
import { testDatabases } from './support/test-databases.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const STORE_KEY = 'tracing-store-key-0123456789abcdef';
const KEY_NAME = 'store-desk';
/** Writes a line for every OpenTelemetry module the process loads (module.registerHooks). */
const MODULE_PROBE = ['--import', join(ROOT, 'test/support/module-probe.mjs')];
const LOADED = 'module-probe: loaded ';

/**
 * The OpenTelemetry modules a process loaded, but for the API's own files: prom-client (the
 * /metrics library) requires @opentelemetry/api for its exemplars whatever tracing does, and the
 * API alone is a no-op facade. Anything else (SDK, exporters, instrumentations, module hooks) is
 * tracing's.
 */
function tracingModulesLoaded(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith(LOADED))
    .map((line) => line.slice(LOADED.length))
    .filter((url) => !url.includes('/node_modules/@opentelemetry/api/'));
}

/** Who asked for @opentelemetry/api, as the probe saw the imports and requires. */
function apiImporters(output: string): string[] {
  return [
    ...new Set(
      output
        .split('\n')
        .filter((line) => line.startsWith('module-probe: @opentelemetry/api from '))
        .map((line) => line.replace(/^.*\/node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1')),
    ),
  ];
}
const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const traceparent = (traceId: string, flags = '01') => `00-${traceId}-${hex(8)}-${flags}`;
const parentOf = (header: string) => header.split('-')[2];

async function call(
  base: string,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: any; text: string }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${STORE_KEY}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : undefined;
  return { status: response.status, json, text };
}

const serverSpanOf = (trace: string) => (spans: ReceivedSpan[]) =>
  spans.find((span) => span.traceId === trace && span.kind === SERVER);

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId);

/** A counter's value in the /metrics text. */
function metric(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? NaN : Number(line.slice(series.length + 1));
}

/**
 * Tracing as production starts it (start:prod's --import entry, the compiled service), exporting
 * to a real OTLP/HTTP receiver on loopback: the span tree of each operation, statements on both
 * databases, Redis, webhook attempts, the caller's traceparent, sampling, no secrets, the export at
 * shutdown, a collector down or hung, and nothing of OpenTelemetry loaded when it is off.
 */
describe.each(testDatabases())('tracing on $name', (database) => {
  const system = database.name === 'sqlite' ? 'sqlite' : 'mysql';
  const receiver = new OtlpReceiver();
  const hooks = new WebhookReceiver();
  let redis: RedisServer;
  let databaseUrl: string;
  let traced: CompiledServer;
  let petId: number;
  const started: CompiledServer[] = [];

  const start = async (env: Record<string, string>, nodeArgs: string[] = []) => {
    const server = await startCompiledServer(
      {
        API_KEYS: `${KEY_NAME}:${STORE_KEY}`,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        WEBHOOK_ALLOWED_NETWORKS: '127.0.0.2/32',
        LOG_LEVEL: 'info',
        SHUTDOWN_DRAIN_MS: '0',
        ...env,
      },
      { nodeArgs },
    );
    started.push(server);
    return server;
  };

  const tracing = (env: Record<string, string> = {}) => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_BSP_SCHEDULE_DELAY: '50',
    OTEL_SERVICE_NAME: 'petstore-e2e',
    OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=e2e',
    ...env,
  });

  beforeAll(async () => {
    runsWith(RedisServer.available(), REDIS);
    redis = await RedisServer.start();
    await receiver.start();
    await hooks.start();
    databaseUrl = await database.create();
    traced = await start(tracing(), MODULE_PROBE);
    petId = (
      await call(traced.baseUrl, 'POST', '/v1/pets', { body: { name: 'Tracer', categoryId: 1 } })
    ).json.id;
  });

  afterAll(async () => {
    await Promise.all(started.map((server) => stopCompiledServer(server)));
    await receiver.stop();
    await hooks.stop();
    await redis?.stop();
    await database.dropAll();
  });

  it('loads OpenTelemetry when an OTLP endpoint is set (the probe sees it)', () => {
    const loaded = tracingModulesLoaded(traced.output());
    expect(loaded).toContainEqual(expect.stringContaining('/@opentelemetry/sdk-trace/'));
    expect(loaded).toContainEqual(expect.stringContaining('/@opentelemetry/instrumentation-pino/'));
    expect(loaded).toContainEqual(expect.stringContaining('/import-in-the-middle/'));
  });

  it('createPet: a server span named by its route, the key name, and its statements and Redis call as children', async () => {
    const trace = hex(16);
    const sent = traceparent(trace);
    const name = `Ünïcode-${hex(4)}`;
    const created = await call(traced.baseUrl, 'POST', '/v1/pets', {
      body: { name, categoryId: 7 },
      headers: { traceparent: sent },
    });
    expect(created.status).toBe(201);

    const server = await receiver.waitFor(serverSpanOf(trace));
    expect(server).toMatchObject({
      name: 'POST /v1/pets',
      parentSpanId: parentOf(sent),
      statusCode: 0,
      scope: 'petstore',
    });
    expect(server.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/v1/pets',
      'http.response.status_code': 201,
      'petstore.api_key.name': KEY_NAME,
    });
    // OTLP's default protocol, http/protobuf.
    expect(receiver.contentTypes).toContain('application/x-protobuf');
    expect(server.resource).toMatchObject({
      'service.name': 'petstore-e2e',
      'deployment.environment.name': 'e2e',
    });
    // The worker that made the span (src/cluster/): on MySQL two workers serve; SQLite's one
    // process has no worker id.
    if (database.name === 'sqlite') expect(server.resource['petstore.worker.id']).toBeUndefined();
    else expect(server.resource['petstore.worker.id']).toEqual(expect.any(Number));

    const children = await receiver.waitFor((spans) => {
      const found = childrenOf(spans, server);
      return found.some((span) => span.attributes['db.system.name'] === system) ? found : undefined;
    });
    const statements = children.filter((span) => span.attributes['db.system.name'] === system);
    expect(statements.every((span) => span.kind === CLIENT)).toBe(true);
    expect(statements.map((span) => span.attributes['db.query.text'])).toContainEqual(
      expect.stringMatching(/^INSERT INTO .?pets/),
    );
    for (const statement of statements)
      expect(String(statement.attributes['db.query.text'])).not.toContain(name);
    const redisCalls = children.filter((span) => span.attributes['db.system.name'] === 'redis');
    expect(redisCalls.length).toBeGreaterThan(0);
    for (const redisCall of redisCalls)
      expect(redisCall.attributes['db.query.text']).toBe(redisCall.attributes['db.operation.name']);
  });

  it('getPet and listPets: `GET /v1/pets/{petId}` and `GET /v1/pets`, each with its SELECT as a child', async () => {
    for (const [path, name] of [
      [`/v1/pets/${petId}`, 'GET /v1/pets/{petId}'],
      ['/v1/pets?limit=5', 'GET /v1/pets'],
    ]) {
      const trace = hex(16);
      expect(
        (await call(traced.baseUrl, 'GET', path, { headers: { traceparent: traceparent(trace) } }))
          .status,
      ).toBe(200);
      const server = await receiver.waitFor(serverSpanOf(trace));
      expect(server.name).toBe(name);
      expect(server.attributes['http.route']).toBe(name.slice(4));
      const select = await receiver.waitFor((spans) =>
        childrenOf(spans, server).find((span) =>
          /^SELECT .*FROM .?pets/.test(String(span.attributes['db.query.text'])),
        ),
      );
      expect(select).toMatchObject({ kind: CLIENT, name: 'SELECT' });
    }
  });

  it('a request without a traceparent starts a trace; its log line carries that trace_id and span_id beside reqId', async () => {
    const clientId = `log-${hex(6)}`;
    const answer = await call(traced.baseUrl, 'GET', `/v1/pets/${petId}`, {
      headers: { 'X-Request-Id': clientId },
    });
    expect(answer.status).toBe(200);
    const line = await receiver.waitFor(() =>
      traced
        .output()
        .split('\n')
        .filter((entry) => entry.startsWith('{') && entry.includes(clientId))
        .map((entry) => JSON.parse(entry) as Record<string, string>)
        .at(0),
    );
    expect(line).toMatchObject({ clientReqId: clientId, reqId: expect.any(String) });
    const server = await receiver.waitFor((spans) =>
      spans.find((span) => span.kind === SERVER && span.traceId === line.trace_id),
    );
    expect(server).toMatchObject({ name: 'GET /v1/pets/{petId}', parentSpanId: '' });
    expect(line.span_id).toBe(server.spanId);
  });

  it('requests answered together each log their own trace: trace_id, span_id and trace_flags', async () => {
    const sent = Array.from({ length: 8 }, (_, i) => ({
      clientId: `batch-${hex(6)}`,
      traceId: hex(16),
      flags: i % 2 === 0 ? '01' : '00',
    }));
    const answers = await Promise.all(
      sent.map(({ clientId, traceId, flags }) =>
        call(traced.baseUrl, 'GET', `/v1/pets/${petId}`, {
          headers: { 'X-Request-Id': clientId, traceparent: traceparent(traceId, flags) },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(sent.map(() => 200));
    const lines = await receiver.waitFor(() => {
      const found = traced
        .output()
        .split('\n')
        .filter((entry) => entry.startsWith('{') && entry.includes('"clientReqId":"batch-'))
        .map((entry) => JSON.parse(entry) as Record<string, string>)
        .filter((line) => sent.some(({ clientId }) => line.clientReqId === clientId));
      return found.length === sent.length ? found : undefined;
    });
    for (const { clientId, traceId, flags } of sent)
      expect(lines.find((line) => line.clientReqId === clientId)).toMatchObject({
        trace_id: traceId,
        span_id: expect.stringMatching(/^[0-9a-f]{16}$/),
        trace_flags: flags,
      });
    const sampled = sent.filter(({ flags }) => flags === '01');
    for (const { clientId, traceId } of sampled) {
      const server = await receiver.waitFor(serverSpanOf(traceId));
      expect(lines.find((line) => line.clientReqId === clientId)?.span_id).toBe(server.spanId);
    }
  });

  it('a not-sampled traceparent (flags 00) is honoured: no span, the same answer', async () => {
    const unsampled = hex(16);
    const answer = await call(traced.baseUrl, 'GET', `/v1/pets/${petId}`, {
      headers: { traceparent: traceparent(unsampled, '00') },
    });
    expect(answer.status).toBe(200);
    const marker = hex(16);
    await call(traced.baseUrl, 'GET', '/v1/pets', {
      headers: { traceparent: traceparent(marker) },
    });
    await receiver.waitFor(serverSpanOf(marker));
    expect(receiver.spans.filter((span) => span.traceId === unsampled)).toEqual([]);
  });

  it('an order event reaches its webhook in the order request`s trace: a client span per attempt, its traceparent sent', async () => {
    const endpoint = await call(traced.baseUrl, 'POST', '/v1/webhook-endpoints', {
      body: { url: hooks.url('/traced?token=receiver-token-4711'), eventTypes: ['order.created'] },
    });
    expect(endpoint.status).toBe(201);
    const trace = hex(16);
    const order = await call(traced.baseUrl, 'POST', '/v1/store/orders', {
      body: { petId, quantity: 1 },
      headers: { traceparent: traceparent(trace) },
    });
    expect(order.status).toBe(201);
    const server = await receiver.waitFor(serverSpanOf(trace));
    expect(server.name).toBe('POST /v1/store/orders');

    const attempt = await receiver.waitFor((spans) =>
      spans.find((span) => span.traceId === trace && span.name === 'POST webhook'),
    );
    expect(attempt).toMatchObject({ kind: CLIENT, parentSpanId: server.spanId, statusCode: 0 });
    expect(attempt.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.response.status_code': 204,
      'server.address': '127.0.0.2',
      'server.port': hooks.port,
      'petstore.webhook.endpoint_id': String(endpoint.json.id),
    });
    const received = hooks.at('/traced?token=receiver-token-4711');
    expect(received).toHaveLength(1);
    expect(received[0].headers.traceparent).toBe(`00-${trace}-${attempt.spanId}-01`);
    expect(received[0].headers['webhook-id']).toBe(attempt.attributes['petstore.webhook.event_id']);
    await call(traced.baseUrl, 'DELETE', `/v1/webhook-endpoints/${endpoint.json.id}`);
    secrets.push(endpoint.json.secret, 'receiver-token-4711');
  });

  const secrets: string[] = [STORE_KEY, 'Bearer', 'Ünïcode-'];

  it('puts no key, secret, token, Authorization or body in any attribute or resource', () => {
    expect(receiver.spans.length).toBeGreaterThan(10);
    expect(secrets.length).toBeGreaterThan(3);
    const everything = JSON.stringify(
      receiver.spans.map((span) => [span.name, span.attributes, span.resource]),
    );
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/authorization/i);
  });

  it('statements outside a request (the background loops, every half second) start no trace', async () => {
    // The default sampler, parentbased_always_on, would record a root statement span.
    await new Promise((polled) => setTimeout(polled, 1500));
    const statements = receiver.spans.filter(
      (span) => span.attributes['db.system.name'] === system,
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((span) => span.parentSpanId === '')).toEqual([]);
  });

  it('honours the sampler: parentbased_traceidratio at 0 traces only what a sampled caller asks for', async () => {
    const sampler = await start(
      tracing({
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      }),
    );
    const before = receiver.spans.length;
    for (let n = 0; n < 5; n++)
      expect((await call(sampler.baseUrl, 'GET', `/v1/pets/${petId}`)).status).toBe(200);
    const asked = hex(16);
    await call(sampler.baseUrl, 'GET', `/v1/pets/${petId}`, {
      headers: { traceparent: traceparent(asked) },
    });
    const server = await receiver.waitFor(serverSpanOf(asked));
    await receiver.waitFor((spans) => childrenOf(spans, server).length > 0);
    const fromSampler = receiver.spans
      .slice(before)
      .filter(
        (span) =>
          span.kind === SERVER &&
          span.attributes['server.port'] === Number(new URL(sampler.baseUrl).port),
      );
    expect(fromSampler.map((span) => span.traceId)).toEqual([asked]);
    expect(receiver.contentTypes).toContain('application/json');
  });

  it('exports the spans still queued at a graceful shutdown; a 5xx (readyz while draining) is an error span', async () => {
    const stopping = await start(
      tracing({ OTEL_BSP_SCHEDULE_DELAY: '600000', SHUTDOWN_DRAIN_MS: '1500' }),
    );
    const listed = hex(16);
    expect(
      (
        await call(stopping.baseUrl, 'GET', '/v1/pets', {
          headers: { traceparent: traceparent(listed) },
        })
      ).status,
    ).toBe(200);
    const exited = new Promise((done) => stopping.child.once('exit', done));
    stopping.child.kill('SIGTERM');
    await new Promise((wait) => setTimeout(wait, 300));
    const draining = hex(16);
    const readyz = await fetch(`${stopping.baseUrl}/readyz`, {
      headers: { traceparent: traceparent(draining) },
    });
    expect(readyz.status).toBe(503);
    expect(receiver.spans.filter((span) => span.traceId === listed)).toEqual([]);
    await exited;
    expect(stopping.child.exitCode).toBe(0);
    expect(serverSpanOf(listed)(receiver.spans)?.name).toBe('GET /v1/pets');
    const failed = receiver.spans.find((span) => span.traceId === draining && span.kind === SERVER);
    expect(failed).toMatchObject({ name: 'GET /readyz', statusCode: ERROR });
    expect(failed?.attributes['http.response.status_code']).toBe(503);
  });

  it('keeps answering with the collector down or hung: spans dropped and counted in /metrics', async () => {
    const hung = new OtlpReceiver();
    await hung.start();
    hung.hang = true;
    const closedPort = await freePort();
    // A refused export fails at once (export_failed); a hung one holds its batch for the 2 s
    // timeout, so the queue of 20 fills behind it (queue_full) before the batch fails too.
    for (const [endpoint, reasons] of [
      [`http://127.0.0.1:${closedPort}`, ['export_failed']],
      [hung.endpoint, ['queue_full', 'export_failed']],
    ] as const) {
      const server = await start(
        tracing({
          OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
          OTEL_BSP_MAX_QUEUE_SIZE: '20',
          OTEL_EXPORTER_OTLP_TIMEOUT: '2000',
        }),
      );
      for (let round = 0; round < 6; round++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => call(server.baseUrl, 'GET', `/v1/pets/${petId}`)),
        );
        // A failure names what came back (a 503's code: OVERLOADED or SERVICE_UNAVAILABLE).
        expect(
          answers.map(({ status, json }) => (status === 200 ? '200' : `${status} ${json?.code}`)),
        ).toEqual(Array(10).fill('200'));
      }
      // One rendering serves scrapes for RENDER_REUSE_MS; 20 scrapes stay within SCRAPE_LIMIT.
      let dropped: Record<string, number> = {};
      for (let scrape = 0; scrape < 20; scrape++) {
        const metrics = await call(server.baseUrl, 'GET', '/metrics');
        expect(metrics.status).toBe(200);
        dropped = Object.fromEntries(
          reasons.map((reason) => [
            reason,
            metric(metrics.text, `trace_spans_dropped_total{reason="${reason}"}`),
          ]),
        );
        if (reasons.every((reason) => dropped[reason] > 0)) break;
        await new Promise((wait) => setTimeout(wait, RENDER_REUSE_MS + 100));
      }
      expect(reasons.filter((reason) => !(dropped[reason] > 0))).toEqual([]);
    }
    await hung.stop();
  });

  it('loads no OpenTelemetry package without an OTLP endpoint, nor with OTEL_SDK_DISABLED=true', async () => {
    for (const env of [{}, tracing({ OTEL_SDK_DISABLED: 'true' })]) {
      const before = receiver.spans.length;
      const server = await start(env, MODULE_PROBE);
      const marker = hex(16);
      expect(
        (await call(server.baseUrl, 'POST', '/v1/pets', { body: { name: 'Quiet', categoryId: 2 } }))
          .status,
      ).toBe(201);
      expect(
        (
          await call(server.baseUrl, 'GET', '/v1/pets?limit=2', {
            headers: { traceparent: traceparent(marker) },
          })
        ).status,
      ).toBe(200);
      expect((await call(server.baseUrl, 'GET', `/v1/pets/${petId}`)).status).toBe(200);
      const metrics = await call(server.baseUrl, 'GET', '/metrics');
      expect(metrics.text).not.toContain('trace_spans_');
      await stopCompiledServer(server);
      expect(tracingModulesLoaded(server.output())).toEqual([]);
      expect(apiImporters(server.output())).toEqual(['prom-client']);
      expect(server.output()).not.toContain('trace_id');
      expect(receiver.spans.slice(before).filter((span) => span.traceId === marker)).toEqual([]);
    }
  });
});
