import { Module, type DynamicModule } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { AuthenticatedRequest } from '../common/auth/api-key.guard.js';
import type { IdentifiedRequest } from '../common/http/request-id.js';
import type { AppConfig } from '../config/app.config.js';

/** The route pattern that served a request; the catch-all of Nest's not-found handler is "unmatched". */
function routeOf(request: Request): string {
  const path: unknown = request.route?.path;
  return typeof path === 'string' && !path.includes('*') ? path : 'unmatched';
}

/**
 * One JSON line per request (pino, written asynchronously): request id, method, route, status,
 * duration and the name of the key used; never the key, the Authorization header or a body.
 * In a terminal outside production the lines are pretty-printed instead.
 */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    const pretty = process.stdout.isTTY === true && process.env.NODE_ENV !== 'production';
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            stream: pretty ? undefined : pino.destination({ sync: false }),
            transport: pretty ? { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname' } } : undefined,
            genReqId: (request) => (request as IdentifiedRequest).id,
            quietReqLogger: true,
            serializers: {
              req: (request: Request) => ({ id: (request as IdentifiedRequest).id, method: request.method }),
              res: (response: Response) => ({ statusCode: response.statusCode }),
            },
            customProps: (request) => ({
              route: routeOf(request as Request),
              key: (request as AuthenticatedRequest).apiKeyName,
            }),
            customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : 'info'),
            customSuccessMessage: (request, response) => `${request.method} ${routeOf(request as Request)} ${response.statusCode}`,
            customErrorMessage: (request, response) => `${request.method} ${routeOf(request as Request)} ${response.statusCode}`,
          },
        }),
      ],
    };
  }
}
