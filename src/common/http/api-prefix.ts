/** Every API route lives under /v1; documentation and probes stay at the root. */
export const API_PREFIX = 'v1';
