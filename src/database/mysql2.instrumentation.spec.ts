import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROOT_CONTEXT, TraceFlags, context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { type ReadableSpan, type SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { MySQL2WithinRecordedSpans } from './mysql2.instrumentation.js';

type Method = (this: unknown, ...args: unknown[]) => unknown;
type QueryPatch = (format: unknown, isPrepared: boolean) => (query: Method) => Method;

describe('MySQL2WithinRecordedSpans', () => {
  const ended: ReadableSpan[] = [];
  const recorder: SpanProcessor = {
    onStart: () => undefined,
    onEnd: (span) => ended.push(span),
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
  const provider = new TracerProvider({ spanProcessors: [recorder] });
  const contextManager = new AsyncLocalStorageContextManager();
  const connection = { config: { host: 'db.internal', port: 3306, database: 'petstore' } };
  let instrumentation: MySQL2WithinRecordedSpans;

  beforeAll(() => {
    context.setGlobalContextManager(contextManager.enable());
    instrumentation = new MySQL2WithinRecordedSpans();
    instrumentation.setTracerProvider(provider);
  });

  afterAll(() => {
    instrumentation.disable();
    context.disable();
  });

  /** mysql2's `execute` as the instrumentation wraps it, recording what reached it. */
  const wrappedExecute = () => {
    const calls: { self: unknown; args: unknown[] }[] = [];
    const execute: Method = function (this: unknown, ...args: unknown[]) {
      calls.push({ self: this, args });
      return 'sent';
    };
    const patchQuery = (instrumentation as unknown as { _patchQuery: QueryPatch })._patchQuery;
    return { calls, execute: patchQuery.call(instrumentation, undefined, true)(execute) };
  };

  it('still finds the private member it wraps (an upgrade that renames it loses the shortcut)', () => {
    expect(MySQL2WithinRecordedSpans.shortcutApplies).toBe(true);
  });

  it('outside a recorded span, hands the statement to mysql2 untouched and makes no span', () => {
    ended.length = 0;
    const { calls, execute } = wrappedExecute();
    const callback = () => undefined;
    const unsampled = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.NONE,
    });

    expect(execute.call(connection, 'SELECT 1', [], callback)).toBe('sent');
    context.with(trace.setSpan(ROOT_CONTEXT, unsampled), () =>
      execute.call(connection, 'SELECT 2', [7], callback),
    );

    expect(calls).toEqual([
      { self: connection, args: ['SELECT 1', [], callback] },
      { self: connection, args: ['SELECT 2', [7], callback] },
    ]);
    expect(ended).toEqual([]);
  });

  it('within a recorded span, makes its child span with the values masked', () => {
    ended.length = 0;
    const { calls, execute } = wrappedExecute();
    const callback = () => undefined;
    const request = provider.getTracer('test').startSpan('GET /v1/pets');

    context.with(trace.setSpan(ROOT_CONTEXT, request), () =>
      execute.call(connection, "SELECT * FROM pets WHERE name = 'Rex' AND id > 42", [], callback),
    );
    const [, , wrappedCallback] = calls[0].args as [string, unknown[], Method];
    expect(wrappedCallback).not.toBe(callback);
    wrappedCallback(null, []);

    const [statement] = ended;
    expect(statement.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(statement.attributes).toMatchObject({
      'db.system.name': 'mysql',
      'db.query.text': 'SELECT * FROM pets WHERE name = ? AND id > ?',
      'server.address': 'db.internal',
    });
  });
});
