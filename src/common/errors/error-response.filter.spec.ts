import type { ArgumentsHost } from '@nestjs/common';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  InternalServerErrorException,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { AppException } from './app.exception.js';
import { ErrorCode } from './error-code.enum.js';
import { ErrorResponseFilter } from './error-response.filter.js';
import { NotModifiedException } from '../http/entity-tag.js';

class FakeResponse {
  statusCode = 0;
  headers: Record<string, string> = {};
  body: unknown;
  headersSent = false;
  destroyed = false;
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  set(headers: Record<string, string>) {
    Object.assign(this.headers, headers);
    return this;
  }
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  json(body: unknown) {
    this.body = body;
    return this;
  }
  end() {
    this.body = '';
    return this;
  }
  destroy() {
    this.destroyed = true;
  }
}

const routes = [
  { route: { methods: { get: true, post: true } }, match: (path: string) => path === '/v1/pets' },
  { route: { methods: { get: true } }, match: (path: string) => /^\/v1\/pets\/[^/]+$/.test(path) },
  { match: () => true },
];
const adapterHost = {
  httpAdapter: { getInstance: () => ({ router: { stack: routes } }) },
} as unknown as HttpAdapterHost;

function render(exception: unknown, method = 'GET', url = '/v1/pets', id?: string): FakeResponse {
  const response = new FakeResponse();
  const request = { method, originalUrl: url, path: url.split('?')[0], id, complete: true };
  const host = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  new ErrorResponseFilter(adapterHost).catch(exception, host);
  return response;
}

describe('ErrorResponseFilter', () => {
  const logged: string[] = [];
  beforeAll(() =>
    Logger.overrideLogger({
      log() {},
      warn() {},
      error: (...parts: unknown[]) => logged.push(parts.join(' ')),
    }),
  );
  afterAll(() => Logger.overrideLogger(true));
  beforeEach(() => (logged.length = 0));

  it('renders an AppException with its code, message, status and headers', () => {
    const response = render(
      new AppException(ErrorCode.UNAUTHORIZED, 'no key', {
        'WWW-Authenticate': 'Bearer realm="petstore"',
      }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: 'no key', status: 401 });
    expect(response.headers['WWW-Authenticate']).toBe('Bearer realm="petstore"');
  });

  it('answers NotModifiedException with 304, the current ETag and no body', () => {
    const response = render(new NotModifiedException('"7-2"'), 'GET', '/v1/store/orders/7');
    expect(response).toMatchObject({ statusCode: 304, body: '', headers: { ETag: '"7-2"' } });
    expect(render(new NotModifiedException(null), 'GET', '/v1/store/orders')).toMatchObject({
      statusCode: 304,
      body: '',
      headers: {},
    });
  });

  it('hides the text of unexpected errors behind a 500 INTERNAL_ERROR', () => {
    const response = render(
      new Error('SQLITE_ERROR: near "SELECT": syntax error in pets.repository.ts:42'),
    );
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'The server failed to handle the request.',
      status: 500,
    });
    // The details go to the server log, for the operator.
    expect(logged.join('\n')).toContain('SQLITE_ERROR: near "SELECT"');
  });

  it('logs nothing for client errors', () => {
    render(new AppException(ErrorCode.NOT_FOUND, 'No pet with id 1.'));
    expect(logged).toEqual([]);
  });

  it('names the request id in a 500, so support can find the log line', () => {
    expect(render(new Error('boom'), 'GET', '/v1/pets', 'req-42').body).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'The server failed to handle the request (request id req-42).',
      status: 500,
    });
  });

  it('treats thrown non-errors the same way', () => {
    expect(render('a string').body).toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
    expect(render(null).body).toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
  });

  it('names errors raised by Express and its parsers by their status, with its own wording', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), {
      status: 413,
      type: 'entity.too.large',
    });
    expect(render(tooLarge).body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
      status: 413,
    });
    const badUrl = Object.assign(new Error("Failed to decode param '%E0%A4%A'"), { status: 400 });
    expect(render(badUrl).body).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(JSON.stringify(render(badUrl).body)).not.toContain('decode param');
  });

  it('turns a router 404 on a known path into 405 with Allow', () => {
    const response = render(
      new NotFoundException('Cannot DELETE /v1/pets/1'),
      'DELETE',
      '/v1/pets/1',
    );
    expect(response.statusCode).toBe(405);
    expect(response.headers.Allow).toBe('GET, HEAD');
    expect(response.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
    expect(render(new NotFoundException(), 'PUT', '/v1/pets?limit=5').headers.Allow).toBe(
      'GET, HEAD, POST',
    );
  });

  it('keeps a router 404 on an unknown path a 404, pointing outside /v1 to it', () => {
    const response = render(new NotFoundException(), 'GET', '/v2/pets');
    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({
      code: 'NOT_FOUND',
      message: 'No resource at /v2/pets; the API lives under /v1.',
      status: 404,
    });
    expect(render(new NotFoundException(), 'GET', '/v1/store').body).toMatchObject({
      message: 'No resource at /v1/store.',
    });
    expect(response.headers.Allow).toBeUndefined();
  });

  it("renders a handler's NotFoundException as its 404, not as a router 405 or 404", () => {
    const response = render(new NotFoundException('No order with id 7.'), 'GET', '/v1/pets/7');
    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({
      code: 'NOT_FOUND',
      message: 'No order with id 7.',
      status: 404,
    });
    expect(response.headers.Allow).toBeUndefined();
    // HEAD is served by the GET handler.
    expect(render(new NotFoundException('gone'), 'HEAD', '/v1/pets/7').statusCode).toBe(404);
  });

  it.each([
    [new ForbiddenException('Not your order.'), 403, 'FORBIDDEN', 'Not your order.'],
    [new ConflictException('Order 3 has shipped.'), 409, 'CONFLICT', 'Order 3 has shipped.'],
    [new UnprocessableEntityException(), 422, 'UNPROCESSABLE_ENTITY', 'Unprocessable Entity'],
    [
      new BadRequestException(['a is wrong', 'b is wrong']),
      400,
      'VALIDATION_FAILED',
      'a is wrong; b is wrong',
    ],
    [new HttpException('I am a teapot', 418), 418, 'I_AM_A_TEAPOT', 'I am a teapot'],
    [new HttpException({ message: 'odd' }, 499), 499, 'HTTP_499', 'odd'],
  ])(
    'renders %p with its own status, the name of its status as code, and its message',
    (exception, status, code, message) => {
      const response = render(exception, 'POST', '/v1/pets');
      expect(response.statusCode).toBe(status);
      expect(response.body).toEqual({ code, message, status });
      expect(logged).toEqual([]);
    },
  );

  it("takes the code from Nest's errorCode option when it is a stable name", () => {
    const response = render(
      new UnprocessableEntityException('No pet with id 5.', { errorCode: 'PET_NOT_FOUND' }),
      'POST',
      '/v1/pets',
    );
    expect(response.body).toEqual({
      code: 'PET_NOT_FOUND',
      message: 'No pet with id 5.',
      status: 422,
    });
    expect(
      render(new ConflictException('x', { errorCode: 'not a code!' }), 'POST', '/v1/pets').body,
    ).toMatchObject({ code: 'CONFLICT' });
  });

  it('never sends the message of a 5xx HttpException (it may carry internals), but logs it', () => {
    const internal = render(
      new InternalServerErrorException('ER_NO_SUCH_TABLE: pets'),
      'GET',
      '/v1/pets',
      'req-9',
    );
    expect(internal.body).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'The server failed to handle the request (request id req-9).',
      status: 500,
    });
    const unavailable = render(
      new ServiceUnavailableException('connect ECONNREFUSED 10.0.0.5:3306'),
      'GET',
      '/v1/pets',
    );
    expect(unavailable.body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service cannot answer right now; retry later.',
      status: 503,
    });
    expect(logged.join('\n')).toContain('ECONNREFUSED 10.0.0.5');
  });

  it('closes the connection when the response has already started', () => {
    const response = new FakeResponse();
    response.headersSent = true;
    const host = {
      switchToHttp: () => ({
        getRequest: () => ({ method: 'GET', originalUrl: '/v1/pets' }),
        getResponse: () => response,
      }),
    } as unknown as ArgumentsHost;
    new ErrorResponseFilter(adapterHost).catch(new Error('late'), host);
    expect(response.destroyed).toBe(true);
    expect(response.body).toBeUndefined();
  });
});
