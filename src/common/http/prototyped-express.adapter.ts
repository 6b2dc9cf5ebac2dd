import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/** A constructor making `base`'s instances with `prototype`: Node's server calls `new`. */
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

/** Nest's Express adapter with Express's prototypes set once (docs/maintainers.md). */
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
