import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { parse as parseContentType } from 'content-type';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { parseJson } from '../json/exact-json.codec.js';

export const BODY_LIMIT_BYTES = 100 * 1024;

/** A request body that could not be read (too large, bad encoding); JsonBodyGuard reports it. */
class UnreadableBody {
  constructor(readonly error: AppException) {}
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads request bodies as bytes, up to BODY_LIMIT_BYTES, in place of Nest's body parser. Nothing is
 * judged here: JsonBodyGuard parses or refuses the body after the API key check, so a client without
 * a key learns nothing about its body and costs no JSON parsing.
 */
export function rawBodyReader(): RequestHandler {
  const read = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES });
  return (request: Request, response: Response, next: NextFunction) => {
    // No GET or HEAD route reads a body; Node discards one that is sent anyway.
    if (request.method === 'GET' || request.method === 'HEAD') return next();
    read(request, response, (error?: unknown) => {
      if (error) request.body = new UnreadableBody(bodyReadFailure((error as { type?: string }).type));
      next();
    });
  };
}

/**
 * Nest's JSON body parsing, after the API key and rate limit guards: request.body becomes the parsed
 * JSON, int64 digits exact (large integers as bigint), so `@Body() dto: SomeDto` works as the NestJS
 * docs say. An empty body leaves request.body undefined; a body that is not JSON is refused here.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const body: unknown = request.body;
    if (body instanceof UnreadableBody) throw body.error;
    if (Buffer.isBuffer(body)) request.body = decodeJsonBody(body, request.headers['content-type']);
    return true;
  }
}

/** Decodes a body read as bytes; undefined when there is none. Throws an AppException naming what is wrong. */
function decodeJsonBody(bytes: Buffer, contentType: string | undefined): unknown {
  if (bytes.length === 0) return undefined;
  assertJsonMediaType(contentType);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new AppException(ErrorCode.INVALID_JSON, 'The request body is not valid UTF-8.');
  }
  try {
    return parseJson(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : '';
    throw new AppException(ErrorCode.INVALID_JSON, `The request body is not valid JSON${detail}.`);
  }
}

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
