import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { parse as parseContentType } from 'content-type';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { parseJson } from '../json/exact-json.codec.js';
import { describeReceived } from '../validation/received.js';

export const BODY_LIMIT_BYTES = 100 * 1024;

const BODY_READ_ERROR = Symbol('bodyReadError');
type BodyRequest = Request & { [BODY_READ_ERROR]?: { type?: string } };

/**
 * Reads request bodies as bytes, up to BODY_LIMIT_BYTES. A read failure is kept on the request
 * instead of answered here: the API key check runs first, then @JsonBody() reports it.
 */
export function rawBodyReader(): RequestHandler {
  const read = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES });
  return (request: Request, response: Response, next: NextFunction) => {
    // No GET or HEAD route reads a body; Node discards one that is sent anyway.
    if (request.method === 'GET' || request.method === 'HEAD') return next();
    read(request, response, (error?: unknown) => {
      if (error) (request as BodyRequest)[BODY_READ_ERROR] = error;
      next();
    });
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes the body of an application/json request into a JSON object, keeping int64 digits exact. */
export function decodeJsonBody(request: Request): Record<string, unknown> {
  const readError = (request as BodyRequest)[BODY_READ_ERROR];
  if (readError) throw bodyReadFailure(readError.type);
  const bytes: unknown = request.body;
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, 'A request body is required: a JSON object sent as application/json.');
  }
  assertJsonMediaType(request.headers['content-type']);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new AppException(ErrorCode.INVALID_JSON, 'The request body is not valid UTF-8.');
  }
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : '';
    throw new AppException(ErrorCode.INVALID_JSON, `The request body is not valid JSON${detail}.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, `The request body must be a JSON object; got ${describeReceived(value)}.`);
  }
  return value as Record<string, unknown>;
}

/** The request body as a JSON object; validated against the parameter's DTO class by the global pipe. */
export const JsonBody = createParamDecorator((_data: unknown, context: ExecutionContext) => decodeJsonBody(context.switchToHttp().getRequest<Request>()));

function assertJsonMediaType(header: string | undefined): void {
  const unsupported = (detail: string) =>
    new AppException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `The request body must be sent with Content-Type: application/json; ${detail}.`);
  if (!header) throw unsupported('the request has no Content-Type');
  let mediaType: { type: string; parameters: Record<string, string> };
  try {
    mediaType = parseContentType(header);
  } catch {
    throw unsupported('the Content-Type header is malformed');
  }
  if (mediaType.type !== 'application/json') throw unsupported(`got ${mediaType.type}`);
  const charset = mediaType.parameters.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw unsupported(`the charset must be utf-8, got ${charset}`);
}

function bodyReadFailure(type: string | undefined): AppException {
  switch (type) {
    case 'entity.too.large':
      return new AppException(ErrorCode.PAYLOAD_TOO_LARGE, `The request body is larger than ${BODY_LIMIT_BYTES} bytes (100 KiB).`);
    case 'encoding.unsupported':
      return new AppException(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        'The Content-Encoding of the request body is not supported; send it uncompressed, or gzip, deflate or br.',
      );
    default:
      return new AppException(ErrorCode.INVALID_JSON, 'The request body could not be read completely.');
  }
}
