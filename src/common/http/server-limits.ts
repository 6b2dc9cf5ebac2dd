/** Keep-alive outlasts load balancers' 60 s, so they close first; timeouts checked every 0.5 s. */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 500,
} as const;

/** Past this Node closes new connections at once; far below memory or descriptor limits. */
export const MAX_CONNECTIONS = 10_000;

/**
 * Node's default backlog (511) overflows in a burst of thousands of clients (docs/operations.md).
 */
export const LISTEN_BACKLOG = MAX_CONNECTIONS;
