import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** Helmet's headers computed once: they are the same on every response. */
export function helmetHeaders(options?: Readonly<HelmetOptions>): HeaderList {
  const csp = options?.contentSecurityPolicy;
  const directives = typeof csp === 'object' && csp.directives ? Object.values(csp.directives) : [];
  if (
    directives.some(
      (value) =>
        typeof value === 'function' ||
        (Array.isArray(value) && value.some((item) => typeof item === 'function')),
    )
  ) {
    throw new Error(
      'helmet options with function directives depend on the request; they cannot be computed once',
    );
  }
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error)
        throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
      finished = true;
    },
  );
  if (!finished)
    throw new Error('helmet did not finish synchronously; its headers cannot be computed once');
  return [...headers];
}

/** What a JSON API answer needs of helmet's headers (OWASP REST Security Cheat Sheet). */
export const JSON_API_HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Helmet's defaults for the documentation pages, the JSON API set for the rest. */
export function securityHeaders(docsPath: string): (url: string) => HeaderList {
  const api = helmetHeaders(JSON_API_HELMET_OPTIONS);
  const page = helmetHeaders();
  const prefix = `/${docsPath}`;
  return (url) =>
    url.startsWith(prefix) && (url.length === prefix.length || '/?'.includes(url[prefix.length]))
      ? page
      : api;
}
