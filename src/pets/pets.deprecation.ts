import { API_PREFIX } from '../common/http/api-prefix.js';
import type { DeprecationPolicy } from '../common/http/deprecation.middleware.js';

/** getPet is deprecated, removal announced for 5 December 2030. */
export const GET_PET_DEPRECATION: DeprecationPolicy = {
  deprecatedAt: new Date('2026-11-22T00:00:00Z'),
  sunsetAt: new Date('2030-12-05T00:00:00Z'),
  documentationUrl: '/docs#/pets/getPet',
  alternateUrl: `/${API_PREFIX}/pets`,
  operation: 'getPet',
  replacement: `GET /${API_PREFIX}/pets with the status filter`,
};
