import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { WebhookTarget } from './webhook-targets.js';

/** How long a receiver has to answer, body included. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** Characters of the answer kept for the endpoint's attempts. */
export const EXCERPT_CHARS = 200;
/** Connections kept to one address: the attempts one endpoint may have in flight. */
export const CONNECTIONS_PER_ADDRESS = 16;
/** Bytes of an answer's body read at most; past them the connection is closed (the status stands). */
export const BODY_READ_LIMIT = 64 * 1024;

export interface SendResult {
  /** The receiver's status; undefined when no answer came. */
  statusCode?: number;
  durationMs: number;
  /** The start of the body, or what went wrong when no answer came. */
  excerpt: string;
}

/**
 * POSTs one webhook to the address checked for it (never a fresh lookup), TLS verified against the
 * URL's name, redirects never followed, everything within DELIVERY_TIMEOUT_MS.
 */
@Injectable()
export class WebhookSender implements OnModuleDestroy {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_ADDRESS }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_ADDRESS }),
  };

  send(
    target: WebhookTarget,
    headers: Record<string, string>,
    body: string,
    signal?: AbortSignal,
  ): Promise<SendResult> {
    const started = performance.now();
    const { url, address } = target;
    const https = url.protocol === 'https:';
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const timeout = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
    const abort = signal ? AbortSignal.any([timeout, signal]) : timeout;
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      // The connection goes to the checked address; the name stays in Host and in TLS (SNI and
      // the certificate's check), and the agent pools connections by address and name.
      const request = (https ? httpsRequest : http.request)({
        agent: this.agents[https ? 'https:' : 'http:'],
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
      request.on('response', (response) => {
        const statusCode = response.statusCode ?? 0;
        const start: Buffer[] = [];
        let read = 0;
        const done = () =>
          resolve({
            statusCode,
            durationMs: elapsed(),
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
          durationMs: elapsed(),
          excerpt: timeout.aborted
            ? `no answer within ${DELIVERY_TIMEOUT_MS / 1_000} s`
            : describeFailure(error),
        }),
      );
      request.end(body);
    });
  }

  onModuleDestroy(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
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
