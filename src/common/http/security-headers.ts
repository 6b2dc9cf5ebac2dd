import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * The headers helmet sets, computed once. Unless a CSP directive is a function (a nonce, say),
 * helmet sets the same headers on every response, and running its thirteen middlewares per request
 * cost more than setting their output. Function directives are refused here for that reason.
 */
export function helmetHeaders(options?: Readonly<HelmetOptions>): HeaderList {
  const csp = options?.contentSecurityPolicy;
  const directives = typeof csp === 'object' && csp.directives ? Object.values(csp.directives) : [];
  if (directives.some((value) => typeof value === 'function' || (Array.isArray(value) && value.some((item) => typeof item === 'function')))) {
    throw new Error('helmet options with function directives depend on the request; they cannot be computed once');
  }
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously; its headers cannot be computed once');
  return [...headers];
}
