import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  Logger,
  Optional,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Application, Request, Response } from 'express';
import { ApiKeyGuard, type AuthenticatedRequest } from '../auth/api-key.guard.js';
import { allowedMethods } from '../http/allowed-methods.js';
import { NotModifiedException } from '../http/entity-tag.js';
import { API_PREFIX } from '../http/api-prefix.js';
import type { IdentifiedRequest } from '../http/request-id.js';
import { cutInput } from '../validation/received.js';
import { AppException } from './app.exception.js';
import { ERROR_CODE_PATTERN, ErrorCode, errorCodeOfStatus } from './error-code.enum.js';
import type { ErrorResponseDto } from './error-response.dto.js';

/** Wording for errors from the router, Express or Nest, which carry only a status. */
const MESSAGE_OF_STATUS: Readonly<Record<number, string>> = {
  400: 'The request is malformed.',
  401: 'A valid API key is required: send it as "Authorization: Bearer <key>".',
  404: 'No such resource.',
  405: 'This method is not allowed on this resource.',
  413: 'The request body is too large.',
  415: 'The request body must be sent as application/json.',
};

interface RenderedError {
  code: string;
  message: string;
  status: number;
  headers?: Readonly<Record<string, string>>;
}

/** Renders every error as {code, message, status}, never a stack trace or driver text. */
@Catch()
export class ErrorResponseFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorResponseFilter');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    // Optional: the filter also renders errors in tests that build no guard.
    @Optional() private readonly apiKeys?: ApiKeyGuard,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    // Not an error: a conditional GET or HEAD whose copy is current (RFC 9110 15.4.5), no body.
    if (exception instanceof NotModifiedException && !response.headersSent) {
      if (exception.etag !== null) response.setHeader('ETag', exception.etag);
      response.status(304).end();
      return;
    }
    const error = this.keyFirst(request) ?? this.render(exception, request);
    // OVERLOADED is load shedding's: a line per episode (ShedEpisodes), never one per request.
    if (error.status >= 500 && error.code !== String(ErrorCode.OVERLOADED)) {
      const detail =
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
      // The path only: a query string may hold what does not belong in logs (a key sent as
      // ?api_key=).
      if (exception instanceof AppException)
        this.logger.warn(`${request.method} ${pathOf(request)}: ${error.code}`);
      else this.logger.error(`${request.method} ${pathOf(request)} failed`, detail);
    }
    if (response.headersSent) {
      response.destroy();
      return;
    }
    // Answered before its body was read (no key, say): close rather than wait for a body nobody
    // reads.
    if (!request.complete) response.setHeader('Connection', 'close');
    const body: ErrorResponseDto = {
      code: error.code,
      message: error.message,
      status: error.status,
    };
    response
      .status(error.status)
      .set(error.headers ?? {})
      .json(body);
  }

  /** Under /v1 the key comes first even where no handler was reached, so no key maps nothing. */
  private keyFirst(request: Request): RenderedError | undefined {
    const path = pathOf(request);
    // Checked already (the guard refused it, or let it through): its error stands.
    if (!this.apiKeys || (request as AuthenticatedRequest).keyChecked) return undefined;
    if (path !== `/${API_PREFIX}` && !path.startsWith(`/${API_PREFIX}/`)) return undefined;
    try {
      this.apiKeys.authenticate(request);
      return undefined;
    } catch (refused) {
      return this.render(refused, request);
    }
  }

  private render(exception: unknown, request: Request): RenderedError {
    if (exception instanceof AppException)
      return {
        code: exception.code,
        message: exception.message,
        status: exception.getStatus(),
        headers: exception.headers,
      };
    if (exception instanceof HttpException) return this.renderHttpException(exception, request);
    // Express and its body parsers attach status/statusCode to the errors they pass on.
    const candidate = exception as { status?: unknown; statusCode?: unknown } | null;
    const status = candidate?.status ?? candidate?.statusCode;
    if (typeof status === 'number' && MESSAGE_OF_STATUS[status]) {
      const known = { code: errorCodeOfStatus(status), message: MESSAGE_OF_STATUS[status], status };
      return status === 404 ? (this.routeNotFound(request) ?? known) : known;
    }
    return internalError(request);
  }

  private renderHttpException(exception: HttpException, request: Request): RenderedError {
    const status = exception.getStatus();
    const unrouted = status === 404 ? this.routeNotFound(request) : undefined;
    if (unrouted) return unrouted;
    if (!Number.isInteger(status) || status < 400 || status > 599) return internalError(request);
    const code =
      exception.errorCode !== undefined && ERROR_CODE_PATTERN.test(exception.errorCode)
        ? exception.errorCode
        : errorCodeOfStatus(status);
    // A 5xx message may carry internals (a driver's text passed on); the log has it, the client
    // does not.
    if (status >= 500)
      return status === 500
        ? internalError(request)
        : { code, message: 'The service cannot answer right now; retry later.', status };
    return { code, message: clientMessage(exception), status };
  }

  /** A router 404 is 405 with Allow when other methods serve the path. */
  private routeNotFound(request: Request): RenderedError | undefined {
    const path = pathOf(request);
    const allow = allowedMethods(this.app(), path);
    if (allow.includes(request.method)) return undefined;
    if (allow.length > 0) {
      return {
        code: ErrorCode.METHOD_NOT_ALLOWED,
        message: `${request.method} is not allowed on ${cutInput(path)}; allowed: ${allow.join(', ')}.`,
        status: 405,
        headers: { Allow: allow.join(', ') },
      };
    }
    const hint = path.startsWith(`/${API_PREFIX}/`) ? '' : `; the API lives under /${API_PREFIX}`;
    return {
      code: ErrorCode.NOT_FOUND,
      message: `No resource at ${cutInput(path)}${hint}.`,
      status: 404,
    };
  }

  private app(): Application {
    return this.adapterHost.httpAdapter.getInstance<Application>();
  }
}

// originalUrl: a handler mounted under a path sees request.path relative to that mount.
function pathOf(request: Request): string {
  return request.originalUrl.split('?')[0];
}

function internalError(request: Request): RenderedError {
  // The id lets support find the log line of this failure.
  const id = (request as Partial<IdentifiedRequest>).id;
  return {
    code: ErrorCode.INTERNAL_ERROR,
    message: `The server failed to handle the request${id ? ` (request id ${id})` : ''}.`,
    status: 500,
  };
}

/** The message a handler gave its HttpException; Nest's own ValidationPipe gives a list. */
function clientMessage(exception: HttpException): string {
  const response = exception.getResponse();
  const message =
    typeof response === 'object' ? (response as { message?: unknown }).message : response;
  if (Array.isArray(message) && message.every((part) => typeof part === 'string'))
    return message.join('; ');
  return typeof message === 'string' && message.length > 0 ? message : exception.message;
}
