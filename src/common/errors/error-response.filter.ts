import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Application, Request, Response } from 'express';
import { allowedMethods } from '../http/allowed-methods.js';
import type { IdentifiedRequest } from '../http/request-id.js';
import { AppException } from './app.exception.js';
import { ErrorCode } from './error-code.enum.js';
import type { ErrorResponseDto } from './error-response.dto.js';

/** Errors raised outside the service code (router, Express, Nest) carry only a status; name it. */
const CODE_FOR_STATUS: Readonly<Record<number, [ErrorCode, string]>> = {
  400: [ErrorCode.VALIDATION_FAILED, 'The request is malformed.'],
  401: [ErrorCode.UNAUTHORIZED, 'A valid API key is required: send it as "Authorization: Bearer <key>".'],
  404: [ErrorCode.NOT_FOUND, 'No such resource.'],
  405: [ErrorCode.METHOD_NOT_ALLOWED, 'This method is not allowed on this resource.'],
  413: [ErrorCode.PAYLOAD_TOO_LARGE, 'The request body is too large.'],
  415: [ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The request body must be sent as application/json.'],
};

/** Renders every error, whoever raised it, as {code, message, status}; never a stack trace or driver text. */
@Catch()
export class ErrorResponseFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorResponseFilter');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const error = this.toAppException(exception, request);
    if (error.code === ErrorCode.INTERNAL_ERROR) {
      this.logger.error(`${request.method} ${request.originalUrl} failed`, exception instanceof Error ? exception.stack : String(exception));
    } else if (error.status >= 500) {
      this.logger.warn(`${request.method} ${request.originalUrl}: ${error.code}`);
    }
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const body: ErrorResponseDto = { code: error.code, message: error.message, status: error.status };
    response.status(error.status).set(error.headers).json(body);
  }

  private toAppException(exception: unknown, request: Request): AppException {
    if (exception instanceof AppException) return exception;
    const status = statusOf(exception);
    if (status === 404) return this.routeNotFound(request);
    const known = status === undefined ? undefined : CODE_FOR_STATUS[status];
    if (known) return new AppException(...known);
    // The id lets support find the log line of this failure.
    const id = (request as Partial<IdentifiedRequest>).id;
    return new AppException(ErrorCode.INTERNAL_ERROR, `The server failed to handle the request${id ? ` (request id ${id})` : ''}.`);
  }

  /** The router found no handler: 405 with Allow when the path exists under another method. */
  private routeNotFound(request: Request): AppException {
    const app = this.adapterHost.httpAdapter.getInstance<Application>();
    // originalUrl: a handler mounted under a path sees request.path relative to that mount.
    const path = request.originalUrl.split('?')[0];
    const allow = allowedMethods(app, path);
    if (allow.length > 0) {
      return new AppException(ErrorCode.METHOD_NOT_ALLOWED, `${request.method} is not allowed on ${path}; allowed: ${allow.join(', ')}.`, {
        Allow: allow.join(', '),
      });
    }
    return new AppException(ErrorCode.NOT_FOUND, `No resource at ${path}; the API lives under /v1.`);
  }
}

function statusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  // Express and its body parsers attach status/statusCode to the errors they pass on.
  const candidate = exception as { status?: unknown; statusCode?: unknown } | null;
  const status = candidate?.status ?? candidate?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}
