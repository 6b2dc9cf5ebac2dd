import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors, { type CorsOptions } from 'cors';
import proxyAddr from 'proxy-addr';
import { unauthorized } from '../auth/api-key.guard.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { API_PREFIX } from '../http/api-prefix.js';
import { deprecationOf } from '../http/deprecation.middleware.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { JSON_API_HELMET_OPTIONS, helmetHeaders } from '../http/security-headers.js';
import type { LimitReached, RateLimits } from '../rate-limit/rate-limits.js';
import { jsonBodyHeaders } from './overload-refusal.js';

/** Why a request was refused before Express: no valid key, its address's limit, its key's. */
export type EarlyRefusalReason = 'unauthorized' | 'address_limited' | 'key_limited';
export const EARLY_REFUSAL_REASONS: readonly EarlyRefusalReason[] = [
  'unauthorized',
  'address_limited',
  'key_limited',
];

const METRICS_PATH = '/metrics';
const API_ROOT = `/${API_PREFIX}`;

/** A request refused here, with its path (its URL without the query), read once by the listener. */
export interface Refused {
  request: IncomingMessage;
  response: ServerResponse;
  path: string;
}

/** What the application would have done with the request: Express's `trust proxy` and CORS. */
export interface EarlyRefusalSettings {
  /** TRUST_PROXY, as Express's `trust proxy` takes it: false, a number of hops, or addresses. */
  trustProxy: false | number | string;
  /** The application's CORS options, when CORS_ORIGINS allows origins in. */
  cors?: CorsOptions;
}

/** Express's `trust proxy` as proxy-addr's trust function: req.ip's reading of an address. */
function trustFunction(
  setting: false | number | string,
): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting.split(',').map((entry) => entry.trim()));
}

/** The 401s and 429s answered before Express, in the Error shape with the usual headers. */
export class EarlyRefusals {
  /** Requests refused here since start, by reason. */
  readonly counts: Record<EarlyRefusalReason, number> = {
    unauthorized: 0,
    address_limited: 0,
    key_limited: 0,
  };
  private readonly security = helmetHeaders(JSON_API_HELMET_OPTIONS).flat();
  private readonly corsHeaders?: (request: IncomingMessage, response: ServerResponse) => void;
  private readonly trusts: (address: string, hop: number) => boolean;

  constructor(
    private readonly rateLimits: RateLimits,
    settings: EarlyRefusalSettings,
  ) {
    this.trusts = trustFunction(settings.trustProxy);
    const middleware = settings.cors && cors(settings.cors);
    // cors() sets its headers and calls next() at once for anything but a preflight (OPTIONS).
    if (middleware) this.corsHeaders = (request, response) => middleware(request, response, noop);
  }

  /** Whether `path` needs a valid key: /v1 and /metrics, except a CORS preflight. */
  static needsKey(path: string, method: string | undefined): boolean {
    return path === METRICS_PATH ? method !== 'OPTIONS' : EarlyRefusals.isRateLimited(path, method);
  }

  /** Whether `path` counts against its key's limit: /v1, except a CORS preflight. */
  static isRateLimited(path: string, method: string | undefined): boolean {
    if (method === 'OPTIONS') return false;
    return (
      path === API_ROOT || (path.startsWith(API_ROOT) && path.charCodeAt(API_ROOT.length) === 47) // '/'
    );
  }

  /** 401 without a valid key, or 429 once its address is past RATE_LIMIT of them in the window. */
  async withoutKey(refused: Refused, token: string | undefined): Promise<void> {
    const address = proxyAddr(refused.request, this.trusts);
    const reached = await this.rateLimits.countFailedAuthentication(address);
    if (reached !== undefined) return this.tooMany(refused, reached, 'address_limited');
    const { message, headers } = unauthorized(token);
    this.counts.unauthorized++;
    this.write(refused, 401, ErrorCode.UNAUTHORIZED, message, headers);
  }

  /** 429 for a key past its own limit, as the throttler would answer it. */
  keyLimited(refused: Refused, reached: LimitReached): void {
    this.tooMany(refused, reached, 'key_limited');
  }

  private tooMany(refused: Refused, reached: LimitReached, reason: EarlyRefusalReason): void {
    const { message, headers } = this.rateLimits.tooManyAnswer(reached);
    this.counts[reason]++;
    this.write(refused, 429, ErrorCode.RATE_LIMITED, message, headers);
  }

  private write(
    { request, response, path }: Refused,
    status: number,
    code: ErrorCode,
    message: string,
    headers: Record<string, string>,
  ): void {
    if (response.headersSent || response.destroyed) return;
    this.corsHeaders?.(request, response);
    const body = JSON.stringify({ code, message, status });
    const lines = [...this.security, REQUEST_ID_HEADER, randomUUID(), ...jsonBodyHeaders(body)];
    for (const name in headers) lines.push(name, headers[name]);
    // A deprecated operation's answers say so, errors included.
    const deprecation = deprecationOf(request.method, path);
    if (deprecation) for (const name in deprecation) lines.push(name, deprecation[name]);
    // Answered before its body was read: close rather than wait for a body nobody reads.
    if (!request.complete) lines.push('Connection', 'close');
    response.writeHead(status, lines);
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}

function noop(): void {}

/** The path of a request's URL, without its query. */
export const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};
