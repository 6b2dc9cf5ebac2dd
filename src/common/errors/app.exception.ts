import { HttpException } from '@nestjs/common';
import { ERROR_STATUS, ErrorCode } from './error-code.enum.js';

/** A Nest HttpException with `errorCode`; a module may throw Nest's own just as well. */
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
