import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as a collector receives it: ids in hex, attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 2 server, 3 client. */
  kind: number;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  attributes: Record<string, unknown>;
  scope: string;
  resource: Record<string, unknown>;
}

type Field = { number: number; wire: number; value: bigint | Buffer };

/** Protobuf's wire format, as far as OTLP's trace request needs it. */
function fields(buffer: Buffer): Field[] {
  const read: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buffer[at++];
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const number = key >>> 3;
    const wire = key & 7;
    if (wire === 0) read.push({ number, wire, value: varint() });
    else if (wire === 1) {
      read.push({ number, wire, value: buffer.subarray(at, at + 8) });
      at += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      read.push({ number, wire, value: buffer.subarray(at, at + length) });
      at += length;
    } else if (wire === 5) {
      read.push({ number, wire, value: buffer.subarray(at, at + 4) });
      at += 4;
    } else throw new Error(`unexpected wire type ${wire}`);
  }
  return read;
}

const bytesOf = (list: Field[], number: number): Buffer[] =>
  list.filter((field) => field.number === number).map((field) => field.value as Buffer);
const one = (list: Field[], number: number): Field | undefined =>
  list.find((field) => field.number === number);

function anyValue(buffer: Buffer): unknown {
  const [field] = fields(buffer);
  if (field === undefined) return undefined;
  switch (field.number) {
    case 1:
      return (field.value as Buffer).toString('utf8');
    case 2:
      return field.value === 1n;
    case 3:
      return Number(BigInt.asIntN(64, field.value as bigint));
    case 4:
      return (field.value as Buffer).readDoubleLE(0);
    default:
      return (field.value as Buffer).toString('hex');
  }
}

function keyValues(list: Buffer[]): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const entry of list) {
    const parts = fields(entry);
    const key = (one(parts, 1)?.value as Buffer).toString('utf8');
    const value = one(parts, 2);
    attributes[key] = value ? anyValue(value.value as Buffer) : undefined;
  }
  return attributes;
}

function fromProtobuf(body: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of bytesOf(fields(body), 1)) {
    const parts = fields(resourceSpans);
    const resourceField = one(parts, 1);
    const resource = resourceField
      ? keyValues(bytesOf(fields(resourceField.value as Buffer), 1))
      : {};
    for (const scopeSpans of bytesOf(parts, 2)) {
      const scopeParts = fields(scopeSpans);
      const scopeField = one(scopeParts, 1);
      const scope = scopeField
        ? ((one(fields(scopeField.value as Buffer), 1)?.value as Buffer | undefined)?.toString() ??
          '')
        : '';
      for (const span of bytesOf(scopeParts, 2)) {
        const s = fields(span);
        const status = one(s, 15);
        const hex = (number: number) =>
          (one(s, number)?.value as Buffer | undefined)?.toString('hex') ?? '';
        spans.push({
          traceId: hex(1),
          spanId: hex(2),
          parentSpanId: hex(4),
          name: (one(s, 5)?.value as Buffer).toString('utf8'),
          kind: Number(one(s, 6)?.value ?? 0n),
          statusCode: status ? Number(one(fields(status.value as Buffer), 3)?.value ?? 0n) : 0,
          attributes: keyValues(bytesOf(s, 9)),
          scope,
          resource,
        });
      }
    }
  }
  return spans;
}

interface JsonKeyValue {
  key: string;
  value: Record<string, unknown>;
}
interface JsonRequest {
  resourceSpans: Array<{
    resource?: { attributes?: JsonKeyValue[] };
    scopeSpans: Array<{
      scope?: { name?: string };
      spans: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        status?: { code?: number };
        attributes?: JsonKeyValue[];
      }>;
    }>;
  }>;
}

function jsonAttributes(list: JsonKeyValue[] = []): Record<string, unknown> {
  return Object.fromEntries(
    list.map(({ key, value }) => {
      const [[type, raw]] = Object.entries(value);
      return [key, type === 'intValue' ? Number(raw) : raw];
    }),
  );
}

function fromJson(body: Buffer): ReceivedSpan[] {
  const request = JSON.parse(body.toString('utf8')) as JsonRequest;
  return request.resourceSpans.flatMap((resourceSpans) =>
    resourceSpans.scopeSpans.flatMap((scopeSpans) =>
      scopeSpans.spans.map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        statusCode: span.status?.code ?? 0,
        attributes: jsonAttributes(span.attributes),
        scope: scopeSpans.scope?.name ?? '',
        resource: jsonAttributes(resourceSpans.resource?.attributes),
      })),
    ),
  );
}

/**
 * A real OTLP/HTTP trace receiver on loopback, as a collector's port 4318 is: protobuf and JSON,
 * recording every span. `hang` makes it take requests and never answer, as a stuck collector.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Content types of the export requests received. */
  readonly contentTypes: string[] = [];
  hang = false;
  private server?: http.Server;
  port = 0;

  async start(): Promise<this> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (this.hang) return;
        let body = Buffer.concat(chunks);
        if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        const type = request.headers['content-type'] ?? '';
        this.contentTypes.push(type);
        this.spans.push(...(type.includes('json') ? fromJson(body) : fromProtobuf(body)));
        response.writeHead(200, { 'content-type': type }).end(type.includes('json') ? '{}' : '');
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }

  /** Waits until `found` holds of the spans received so far (checked every 50 ms), up to 10 s. */
  async waitFor<T>(
    found: (spans: ReceivedSpan[]) => T | undefined,
    timeoutMs = 10_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = found(this.spans);
      if (result !== undefined && result !== false) return result;
      if (Date.now() > deadline)
        throw new Error(
          `spans not received within ${timeoutMs} ms; got: ${this.spans.map((s) => s.name).join(', ')}`,
        );
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }
}
