import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { parse as parseContentType } from 'content-type';
import express, { type Request, type Response } from 'express';
import type { ErrorResponseDoc } from '../errors/api-error-responses.decorator.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { parseJson } from '../json/exact-json.codec.js';
import { cutInput } from '../validation/received.js';
import { hasUnmetExpectation, unmetExpectationMessage } from './expectations.js';

/** The largest request body read: the largest valid body (a pet, an order) is a few KiB at most. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** The 415 of a PATCH, which takes a JSON Merge Patch as either media type. */
export const MERGE_PATCH_MEDIA_TYPE_RESPONSE: ErrorResponseDoc = {
  status: 415,
  description:
    'The request body is not sent as `application/merge-patch+json` or `application/json` ' +
    '(utf-8): `UNSUPPORTED_MEDIA_TYPE`.',
  code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  message:
    'The request body must be sent with Content-Type: application/merge-patch+json or ' +
    'application/json; got text/plain.',
};
const BODY_LIMIT_TEXT = `${BODY_LIMIT_BYTES} bytes (16 KiB)`;

/** How long a body may take to arrive once its headers have; then 408. */
export const BODY_READ_TIMEOUT_MS = 5_000;

/** How deep objects and arrays may nest in a body; no valid body nests more than 2 levels. */
export const JSON_DEPTH_MAX = 32;

/** How many values a body may hold; parsing costs per value, so this bounds a body's cost. */
export const JSON_VALUES_MAX = 256;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const readRawBody = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES });

/** The methods whose requests carry a body; no other has its body read. */
const METHODS_WITH_BODY: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** Nest's JSON body parsing after the key and rate-limit guards, int64 digits exact. */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  // Synchronous for the methods without a body: the reads on the hot path get no promise from this
  // guard.
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (hasUnmetExpectation(request)) {
      throw new AppException(
        ErrorCode.EXPECTATION_FAILED,
        unmetExpectationMessage(cutInput(String(request.headers.expect))),
      );
    }
    if (!METHODS_WITH_BODY.has(request.method)) return true;
    const response = http.getResponse<Response>();
    if (/^\s*100-continue\s*$/i.test(request.headers.expect ?? '') && !response.headersSent)
      response.writeContinue();
    return readBody(request, response).then((bytes) => {
      request.body = decodeJsonBody(
        bytes,
        request.headers['content-type'],
        request.method === 'PATCH' ? PATCH_MEDIA_TYPES : JSON_MEDIA_TYPES,
      );
      return true;
    });
  }
}

/** The body's bytes (empty when none); 413, 415 or 408 when it cannot be read. */
function readBody(request: Request, response: Response): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // The rest of the body may never come: answer, then close the connection rather than wait for
      // it.
      response.setHeader('Connection', 'close');
      response.once('finish', () => request.destroy());
      reject(
        new AppException(
          ErrorCode.REQUEST_TIMEOUT,
          `The request body did not arrive within ${BODY_READ_TIMEOUT_MS / 1000} s.`,
        ),
      );
    }, BODY_READ_TIMEOUT_MS);
    readRawBody(request, response, (error?: unknown) => {
      clearTimeout(timer);
      if (error) reject(bodyReadFailure((error as { type?: string }).type));
      else resolve(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
    });
  });
}

/** JSON, and on PATCH also a JSON Merge Patch (RFC 7396). */
const JSON_MEDIA_TYPES: readonly string[] = ['application/json'];
const PATCH_MEDIA_TYPES: readonly string[] = ['application/merge-patch+json', 'application/json'];

/** Decodes a body read as bytes; undefined when there is none. */
function decodeJsonBody(
  bytes: Buffer,
  contentType: string | undefined,
  mediaTypes: readonly string[],
): unknown {
  if (bytes.length === 0) return undefined;
  assertJsonMediaType(contentType, mediaTypes);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new AppException(ErrorCode.INVALID_JSON, 'The request body is not valid UTF-8.');
  }
  // Before parsing: a deeply nested or crowded body would cost the parser and the validators'
  // recursion.
  const shape = measureShape(text);
  if (shape.tooDeep) {
    throw new AppException(
      ErrorCode.VALIDATION_FAILED,
      `The request body nests objects and arrays deeper than ${JSON_DEPTH_MAX} levels.`,
    );
  }
  if (shape.values > JSON_VALUES_MAX) {
    throw new AppException(
      ErrorCode.VALIDATION_FAILED,
      `The request body holds more than ${JSON_VALUES_MAX} values (objects, arrays, their ` +
        `members and items); no request needs that many.`,
    );
  }
  try {
    return parseJson(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : '';
    throw new AppException(ErrorCode.INVALID_JSON, `The request body is not valid JSON${detail}.`);
  }
}

function assertJsonMediaType(header: string | undefined, mediaTypes: readonly string[]): void {
  const unsupported = (detail: string) =>
    new AppException(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `The request body must be sent with Content-Type: ${mediaTypes.join(' or ')}; ${detail}.`,
    );
  if (!header) throw unsupported('the request has no Content-Type');
  let mediaType: { type: string; parameters: Record<string, string> };
  try {
    mediaType = parseContentType(header);
  } catch {
    throw unsupported('the Content-Type header is malformed');
  }
  if (!mediaTypes.includes(mediaType.type)) throw unsupported(`got ${mediaType.type}`);
  const charset = mediaType.parameters.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    throw unsupported(`the charset must be utf-8, got ${charset}`);
}

function bodyReadFailure(type: string | undefined): AppException {
  switch (type) {
    case 'entity.too.large':
      return new AppException(
        ErrorCode.PAYLOAD_TOO_LARGE,
        `The request body is larger than ${BODY_LIMIT_TEXT}.`,
      );
    case 'encoding.unsupported':
      return new AppException(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        'The Content-Encoding of the request body is not supported; send it uncompressed, or ' +
          'gzip, deflate or br.',
      );
    default:
      return new AppException(
        ErrorCode.INVALID_JSON,
        'The request body could not be read completely.',
      );
  }
}

/** One pass, no parsing: whether brackets nest too deep, and about how many values there are. */
function measureShape(text: string): { tooDeep: boolean; values: number } {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      values++;
      if (++depth > JSON_DEPTH_MAX) return { tooDeep: true, values };
    } else if (char === 0x7d || char === 0x5d) depth--;
    else if (char === 0x2c) values++;
  }
  return { tooDeep: false, values };
}
