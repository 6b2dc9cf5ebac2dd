import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/**
 * A constructor whose instances are made by `base` but have `prototype` as theirs from the start.
 * Node's server makes every request and response with `new`, so the constructor Node is given
 * decides the prototype.
 */
function constructorWithPrototype<T extends abstract new (...args: never[]) => object>(
  base: T,
  prototype: object,
): T {
  function Constructed(...args: unknown[]): object {
    return Reflect.construct(base, args, Constructed) as object;
  }
  Constructed.prototype = prototype;
  return Constructed as unknown as T;
}

/**
 * Nest's Express adapter, its Node server making each request and response with Express's
 * prototypes (`app.request`, `app.response`) from the start. Express's `app.handle` sets them on
 * every request, and V8 moves both objects to new hidden classes each time, a cost every route paid
 * (bench/HISTORY.md). With the prototypes already in place, that call changes nothing.
 */
export class PrototypedExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    // HTTPS and Nest's shutdown options are not used by the service: Nest's own server for them.
    if (options.httpsOptions || options.return503OnClosing || options.forceCloseConnections) {
      super.initHttpServer(options);
      return;
    }
    const app = this.getInstance<Express>();
    this.httpServer = createServer(
      {
        IncomingMessage: constructorWithPrototype<typeof IncomingMessage>(
          IncomingMessage,
          app.request,
        ),
        ServerResponse: constructorWithPrototype<typeof ServerResponse>(
          ServerResponse,
          app.response,
        ),
      },
      app,
    );
  }
}
