import { jest } from '@jest/globals';
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { requestLifecycle, type FinishedRequestObserver } from './request-lifecycle.middleware.js';

function fakeExchange(url: string): {
  request: Request;
  response: Response & EventEmitter;
  headers: Map<string, string>;
} {
  const headers = new Map<string, string>();
  const response = Object.assign(new EventEmitter(), {
    setHeader: (name: string, value: string) => headers.set(name, value),
  });
  return {
    request: { url, headers: {} } as Request,
    response: response as unknown as Response & EventEmitter,
    headers,
  };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('requestLifecycle', () => {
  it('sets the request id and the fixed headers before the route runs', () => {
    const { request, response, headers } = fakeExchange('/v1/pets');
    const next = jest.fn();
    requestLifecycle(() => [['X-Content-Type-Options', 'nosniff']], [])(request, response, next);
    expect(headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('tells every observer of each response once its connection is done with it, after the answers of that turn', async () => {
    const seen: string[] = [];
    const observers: FinishedRequestObserver[] = [
      (request, _response, elapsedMs) => seen.push(`log ${request.url} ${elapsedMs >= 0}`),
      (request) => seen.push(`metrics ${request.url}`),
    ];
    const middleware = requestLifecycle(() => [], observers);
    const first = fakeExchange('/v1/pets/1');
    const second = fakeExchange('/v1/pets/2');
    middleware(first.request, first.response, () => undefined);
    middleware(second.request, second.response, () => undefined);

    first.response.emit('close');
    second.response.emit('close');
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen).toEqual([
      'log /v1/pets/1 true',
      'metrics /v1/pets/1',
      'log /v1/pets/2 true',
      'metrics /v1/pets/2',
    ]);

    second.response.emit('close');
    await nextTurn();
    expect(seen).toHaveLength(4);
  });

  it('tells the observers of a later turn in that turn', async () => {
    const observe = jest.fn<FinishedRequestObserver>();
    const middleware = requestLifecycle(() => [], [observe]);
    for (const url of ['/a', '/b']) {
      const { request, response } = fakeExchange(url);
      middleware(request, response, () => undefined);
      response.emit('close');
      await nextTurn();
      expect(observe).toHaveBeenLastCalledWith(request, response, expect.any(Number));
    }
    expect(observe).toHaveBeenCalledTimes(2);
  });

  it('tells the observers outside the async context of the request whose answer came first', async () => {
    const perRequest = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const middleware = requestLifecycle(() => [], [() => seen.push(perRequest.getStore())]);
    for (const url of ['/first', '/second']) {
      const { request, response } = fakeExchange(url);
      middleware(request, response, () => undefined);
      // The answer ends inside the request's own context, as a handler's response does.
      perRequest.run(url, () => response.emit('close'));
    }
    await nextTurn();
    expect(seen).toEqual([undefined, undefined]);
  });
});
