import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a receiver got. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How a receiver answers a request: a status, an optional body and headers, or a delay. */
export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** After the headers, this chunk again and again, never ending: until the caller hangs up. */
  endless?: string;
}

/**
 * A real HTTP server standing for a partner's webhook receiver: records every request and answers
 * as the test says (2xx by default); `stop()` takes it down, `start()` brings it back on its port.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answer: (request: Received) => Answer = () => ({ status: 204 });
  private server?: http.Server;
  /** Answers held back (`delayMs`): cleared by `stop()`, so that none keeps a test file running. */
  private readonly delays = new Set<NodeJS.Timeout>();
  port = 0;

  constructor(readonly host = '127.0.0.2') {}

  async start(): Promise<this> {
    const server = http.createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const received = { path: request.url ?? '', headers: request.headers, body };
        this.received.push(received);
        const answer = this.answer(received);
        const send = () => {
          response.writeHead(answer.status, answer.headers);
          if (answer.endless === undefined) return response.end(answer.body);
          const more = () => {
            if (response.destroyed) return;
            if (response.write(answer.endless)) setImmediate(more);
            else response.once('drain', more);
          };
          more();
        };
        if (!answer.delayMs) return send();
        const delay = setTimeout(() => {
          this.delays.delete(delay);
          send();
        }, answer.delayMs);
        this.delays.add(delay);
      });
    });
    await new Promise<void>((listening) => server.listen(this.port, this.host, listening));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops listening and drops every connection: the receiver is down. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const delay of this.delays) clearTimeout(delay);
    this.delays.clear();
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }

  /** Its URL on the given path, by address (or by `name` instead). */
  url(path = '/hooks', name?: string): string {
    return `http://${name ?? this.host}:${this.port}${path}`;
  }

  /** Requests to `path`. */
  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }
}
