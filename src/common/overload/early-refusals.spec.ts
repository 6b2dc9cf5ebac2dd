import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../../config/app.config.js';
import { FixedWindowStorage } from '../rate-limit/fixed-window.storage.js';
import { RateLimits } from '../rate-limit/rate-limits.js';
import { EarlyRefusals, type EarlyRefusalSettings } from './early-refusals.js';

/** A request from `peer` (the socket's address), forwarded for `forwardedFor` if given. */
function requestFrom(peer: string, forwardedFor?: string): IncomingMessage {
  return {
    method: 'GET',
    url: '/v1/pets',
    complete: true,
    socket: { remoteAddress: peer },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  } as unknown as IncomingMessage;
}

/** The status each request got, refused one after the other with RATE_LIMIT=1. */
async function statuses(
  trustProxy: EarlyRefusalSettings['trustProxy'],
  requests: IncomingMessage[],
): Promise<number[]> {
  const storage = new FixedWindowStorage();
  const config = { rateLimit: 1, rateLimitWindowSeconds: 60 } as AppConfig;
  const refusals = new EarlyRefusals(new RateLimits(config, storage), { trustProxy });
  const seen: number[] = [];
  for (const request of requests) {
    const response = {
      headersSent: false,
      destroyed: false,
      writeHead: (status: number) => seen.push(status),
      end: () => undefined,
    } as unknown as ServerResponse;
    await refusals.withoutKey({ request, response, path: '/v1/pets' }, undefined);
  }
  return seen;
}

describe('EarlyRefusals', () => {
  it("counts a request without a valid key against the client's address, as Express's trust proxy reads it", async () => {
    const behindProxy = [
      requestFrom('10.0.0.2', '198.51.100.1'),
      requestFrom('10.0.0.2', '198.51.100.2'),
      requestFrom('10.0.0.2', '198.51.100.1'),
    ];
    // One hop trusted: each client its own count, so only the first client's second is refused.
    expect(await statuses(1, behindProxy)).toEqual([401, 401, 429]);
    expect(await statuses('10.0.0.0/8', behindProxy)).toEqual([401, 401, 429]);
    // Nothing trusted: the proxy's address is the client, and a header forges nothing.
    expect(await statuses(false, behindProxy)).toEqual([401, 429, 429]);
    expect(await statuses('loopback', behindProxy)).toEqual([401, 429, 429]);
  });

  it('refuses without a key under /v1 and at /metrics, but not a CORS preflight, the probes or the documentation', () => {
    expect(EarlyRefusals.needsKey('/v1', 'GET')).toBe(true);
    expect(EarlyRefusals.needsKey('/v1/pets/1', 'DELETE')).toBe(true);
    expect(EarlyRefusals.needsKey('/metrics', 'GET')).toBe(true);
    expect(EarlyRefusals.needsKey('/v1/pets', 'OPTIONS')).toBe(false);
    expect(EarlyRefusals.needsKey('/v10/pets', 'GET')).toBe(false);
    for (const path of ['/healthz', '/readyz', '/docs', '/openapi.json'])
      expect(EarlyRefusals.needsKey(path, 'GET')).toBe(false);
    // A key past its limit may still scrape: /metrics counts against a limit of its own.
    expect(EarlyRefusals.isRateLimited('/metrics', 'GET')).toBe(false);
    expect(EarlyRefusals.isRateLimited('/v1/pets', 'GET')).toBe(true);
  });
});
