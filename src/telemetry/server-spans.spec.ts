import { describe, expect, it } from '@jest/globals';
import { routeTemplate } from './server-spans.js';

describe('routeTemplate', () => {
  it('writes express parameters as the OpenAPI document does', () => {
    expect(routeTemplate('/v1/pets/:petId')).toBe('/v1/pets/{petId}');
    expect(routeTemplate('/v1/webhook-endpoints/:endpointId/attempts')).toBe(
      '/v1/webhook-endpoints/{endpointId}/attempts',
    );
    expect(routeTemplate('/v1/pets')).toBe('/v1/pets');
  });
});
