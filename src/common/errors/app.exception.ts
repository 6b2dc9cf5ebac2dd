import { HttpException } from '@nestjs/common';
import { ERROR_STATUS, ErrorCode } from './error-code.enum.js';

/**
 * The exception common/ and services throw for ErrorCode's codes. A Nest HttpException with Nest's
 * `errorCode`, so a module may throw Nest's own just as well.
 */
export class AppException extends HttpException {
  declare readonly errorCode: ErrorCode;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Response headers that belong to this error (WWW-Authenticate, Allow, Retry-After, ...). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message, ERROR_STATUS[code], { errorCode: code });
    this.name = 'AppException';
  }
}
