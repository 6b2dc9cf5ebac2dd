import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { JSON_API_HELMET_OPTIONS, helmetHeaders, securityHeaders } from './security-headers.js';

describe('helmetHeaders', () => {
  it('lists exactly the headers helmet sets on a real response', () => {
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    response.setHeader('X-Powered-By', 'Express');
    let passed = false;
    helmet()(request, response, () => (passed = true));
    expect(passed).toBe(true);
    const expected = Object.entries(response.getHeaders()).map(([name, value]) => [
      name,
      String(value),
    ]);
    const listed = helmetHeaders().map(([name, value]) => [name.toLowerCase(), value]);
    expect(listed).toEqual(expected);
    expect(listed.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'strict-transport-security',
        'x-content-type-options',
      ]),
    );
    expect(listed.map(([name]) => name)).not.toContain('x-powered-by');
  });

  it('refuses options whose headers depend on the request', () => {
    const perRequest = {
      contentSecurityPolicy: {
        directives: { scriptSrc: ["'self'", () => `'nonce-${Math.random()}'`] },
      },
    };
    expect(() => helmetHeaders(perRequest)).toThrow(/depend on the request/);
  });

  it('gives a JSON API answer only the headers it needs, and the docs pages helmet defaults', () => {
    const headersFor = securityHeaders('docs');
    const api = Object.fromEntries(
      headersFor('/v1/pets?limit=20').map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(api).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(headersFor('/openapi.json')).toEqual(helmetHeaders(JSON_API_HELMET_OPTIONS));
    for (const page of ['/docs', '/docs/', '/docs/swagger-ui.css', '/docs?x=1'])
      expect(headersFor(page)).toEqual(helmetHeaders());
    expect(headersFor('/docsx')).toEqual(helmetHeaders(JSON_API_HELMET_OPTIONS));
  });
});
