import { IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestApplicationOptions } from '@nestjs/common';
import type { Express } from 'express';
import { PrototypedExpressAdapter } from './prototyped-express.adapter.js';

interface Seen {
  requestPrototype: object | null;
  responsePrototype: object | null;
  isIncomingMessage: boolean;
  isServerResponse: boolean;
}

/** Serves one route, and records what the server made before Express saw the request. */
async function serveOnce(
  options: NestApplicationOptions,
): Promise<{ app: Express; seen: Seen; status: number; body: string }> {
  const adapter = new PrototypedExpressAdapter();
  const app = adapter.getInstance<Express>();
  app.get('/answer', (request, response) => {
    response.status(201).json({ path: request.path, query: request.query });
  });
  adapter.initHttpServer(options);
  const server = adapter.getHttpServer() as Server;
  let seen: Seen | undefined;
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    seen = {
      requestPrototype: Object.getPrototypeOf(request) as object | null,
      responsePrototype: Object.getPrototypeOf(response) as object | null,
      isIncomingMessage: request instanceof IncomingMessage,
      isServerResponse: response instanceof ServerResponse,
    };
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/answer?a=1`);
    return { app, seen: seen!, status: answer.status, body: await answer.text() };
  } finally {
    await new Promise((closed) => server.close(closed));
  }
}

describe('PrototypedExpressAdapter', () => {
  it("makes each request and response with Express's prototypes, before Express sees them", async () => {
    const { app, seen, status, body } = await serveOnce({});
    expect(seen.requestPrototype).toBe(app.request);
    expect(seen.responsePrototype).toBe(app.response);
    expect(seen.isIncomingMessage).toBe(true);
    expect(seen.isServerResponse).toBe(true);
    expect(status).toBe(201);
    expect(JSON.parse(body)).toEqual({ path: '/answer', query: { a: '1' } });
  });

  it("leaves the options the service does not use to Nest's own server", async () => {
    const { seen, status } = await serveOnce({ forceCloseConnections: true });
    expect(seen.requestPrototype).toBe(IncomingMessage.prototype);
    expect(status).toBe(201);
  });
});
