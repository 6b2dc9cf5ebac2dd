import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { WebhookTarget } from './webhook-targets.js';

/** How long a receiver has to answer, body included, from when the attempt has its connection. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** Characters of the answer kept for the endpoint's attempts. */
export const EXCERPT_CHARS = 200;
/** Connections one owner keeps to one address: the attempts its endpoints there have in flight. */
export const CONNECTIONS_PER_ADDRESS = 16;
/** Bytes of an answer's body read at most; past them the connection is closed (the status stands). */
export const BODY_READ_LIMIT = 64 * 1024;
/** An owner's idle pool is closed after this long without an attempt; idle connections sooner. */
const POOL_IDLE_MS = 60_000;

export interface SendResult {
  /** The receiver's status; undefined when no answer came. */
  statusCode?: number;
  /** From having a connection to the end of the answer (or of the attempt): the receiver's time. */
  durationMs: number;
  /** How long the attempt waited for one of its owner's connections to the address, before that. */
  connectionWaitMs: number;
  /** The start of the body, or what went wrong when no answer came. */
  excerpt: string;
}

/** One owner's connections, kept alive per address (and name, for TLS). */
interface Pool {
  agents: { 'http:': http.Agent; 'https:': https.Agent };
  inFlight: number;
  lastUsedAt: number;
}

/** POSTs a webhook to its checked address, TLS on the URL's name, no redirects; pooled per owner. */
@Injectable()
export class WebhookSender implements OnModuleDestroy {
  private readonly pools = new Map<string, Pool>();

  send(
    target: WebhookTarget,
    headers: Record<string, string>,
    body: string,
    owner: string,
    signal?: AbortSignal,
  ): Promise<SendResult> {
    const started = performance.now();
    const { url, address } = target;
    const https = url.protocol === 'https:';
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const attempt = new AbortController();
    const abort = signal ? AbortSignal.any([attempt.signal, signal]) : attempt.signal;
    const pool = this.poolOf(owner);
    let connectedAt: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    const timing = () => {
      const now = performance.now();
      return {
        durationMs: Math.round(now - (connectedAt ?? now)),
        connectionWaitMs: Math.round((connectedAt ?? now) - started),
      };
    };
    return new Promise<SendResult>((resolve) => {
      // The connection goes to the checked address; the name stays in Host and in TLS (SNI and
      // the certificate's check), and the agent pools connections by address and name.
      const request = (https ? httpsRequest : http.request)({
        agent: pool.agents[https ? 'https:' : 'http:'],
        host: address.address,
        family: address.family,
        port: url.port || (https ? 443 : 80),
        path: url.pathname + url.search,
        method: 'POST',
        ...(https && isIP(hostname) === 0 ? { servername: hostname } : {}),
        headers: {
          host: url.host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Petstore-Webhooks/1',
          ...headers,
        },
        signal: abort,
      });
      // The receiver's time starts with the connection: a wait for one is not its slowness.
      request.once('socket', () => {
        connectedAt = performance.now();
        timer = setTimeout(() => attempt.abort(), DELIVERY_TIMEOUT_MS);
      });
      request.on('response', (response) => {
        const statusCode = response.statusCode ?? 0;
        const start: Buffer[] = [];
        let read = 0;
        const done = () =>
          resolve({
            statusCode,
            ...timing(),
            excerpt: excerptOf(Buffer.concat(start).toString('utf8')),
          });
        response.on('data', (chunk: Buffer) => {
          // UTF-8 takes at most 4 bytes a character: enough bytes for the excerpt's characters.
          if (read < EXCERPT_CHARS * 4) start.push(chunk.subarray(0, EXCERPT_CHARS * 4 - read));
          read += chunk.length;
          if (read > BODY_READ_LIMIT) response.destroy();
        });
        response.on('end', done);
        // An answer cut short (or too long) still has its status.
        response.on('close', done);
        response.on('error', () => undefined);
      });
      request.on('error', (error) =>
        resolve({
          ...timing(),
          excerpt: attempt.signal.aborted
            ? `no answer within ${DELIVERY_TIMEOUT_MS / 1_000} s`
            : describeFailure(error),
        }),
      );
      request.end(body);
    }).finally(() => {
      clearTimeout(timer);
      pool.inFlight--;
      pool.lastUsedAt = performance.now();
    });
  }

  onModuleDestroy(): void {
    for (const pool of this.pools.values()) destroy(pool);
    this.pools.clear();
  }

  private poolOf(owner: string): Pool {
    let pool = this.pools.get(owner);
    if (!pool) {
      const options = {
        keepAlive: true,
        maxSockets: CONNECTIONS_PER_ADDRESS,
        timeout: POOL_IDLE_MS,
      };
      pool = {
        agents: { 'http:': new http.Agent(options), 'https:': new https.Agent(options) },
        inFlight: 0,
        lastUsedAt: 0,
      };
      this.pools.set(owner, pool);
    }
    pool.inFlight++;
    return pool;
  }

  /** Owners come and go: a pool unused for POOL_IDLE_MS is closed, its idle connections too. */
  @Interval(POOL_IDLE_MS)
  private closeIdlePools(): void {
    const now = performance.now();
    for (const [owner, pool] of this.pools)
      if (pool.inFlight === 0 && now - pool.lastUsedAt >= POOL_IDLE_MS) {
        destroy(pool);
        this.pools.delete(owner);
      }
  }
}

function destroy(pool: Pool): void {
  pool.agents['http:'].destroy();
  pool.agents['https:'].destroy();
}

const httpsRequest: typeof http.request = https.request;

function excerptOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, EXCERPT_CHARS);
}

/** A network or TLS failure as the endpoint's owner may read it: its code, never a stack. */
function describeFailure(error: Error): string {
  const code = (error as { code?: string }).code;
  if (error.name === 'AbortError') return 'the attempt was stopped (the instance shut down)';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset before an answer';
  if (code === 'ETIMEDOUT' || code === 'ENETUNREACH' || code === 'EHOSTUNREACH')
    return `the address is unreachable (${code})`;
  if (code === 'EPROTO' || code?.startsWith('ERR_TLS') || code?.includes('CERT'))
    return `TLS failed: ${code}`;
  return code ? `network error (${code})` : 'network error';
}
