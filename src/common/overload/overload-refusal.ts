import { ErrorCode } from '../errors/error-code.enum.js';
import { JSON_API_HELMET_OPTIONS, helmetHeaders } from '../http/security-headers.js';

export interface Refusal {
  headers: string[];
  body: string;
}

/** The 503 of each Retry-After (1 to 4 s), made once: a refusal only writes it. */
export function refusalResponses(): Refusal[] {
  const security = helmetHeaders(JSON_API_HELMET_OPTIONS).flat();
  return [1, 2, 3, 4].reduce<Refusal[]>((all, seconds) => {
    const body = JSON.stringify({
      code: ErrorCode.OVERLOADED,
      message:
        'This instance is serving all it can; the request was refused before any work, nothing ' +
        `was done. Retry in ${seconds} seconds.`,
      status: 503,
    });
    all[seconds] = {
      body,
      headers: [...security, ...jsonBodyHeaders(body), 'Retry-After', String(seconds)],
    };
    return all;
  }, []);
}

/** The headers of an answer made before the application: its JSON body, never stored. */
export function jsonBodyHeaders(body: string): string[] {
  return [
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(Buffer.byteLength(body)),
    'Cache-Control',
    'no-store',
  ];
}
