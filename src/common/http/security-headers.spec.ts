import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { helmetHeaders } from './security-headers.js';

describe('helmetHeaders', () => {
  it('lists exactly the headers helmet sets on a real response', () => {
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    response.setHeader('X-Powered-By', 'Express');
    let passed = false;
    helmet()(request, response, () => (passed = true));
    expect(passed).toBe(true);
    const expected = Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]);
    const listed = helmetHeaders().map(([name, value]) => [name.toLowerCase(), value]);
    expect(listed).toEqual(expected);
    expect(listed.map(([name]) => name)).toEqual(expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options']));
    expect(listed.map(([name]) => name)).not.toContain('x-powered-by');
  });

  it('refuses options whose headers depend on the request', () => {
    const perRequest = { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => `'nonce-${Math.random()}'`] } } };
    expect(() => helmetHeaders(perRequest)).toThrow(/depend on the request/);
  });
});
