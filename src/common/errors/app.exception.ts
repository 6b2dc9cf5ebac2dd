import { HttpException } from '@nestjs/common';
import { ERROR_STATUS, ErrorCode } from './error-code.enum.js';

/**
 * The exception common/ and services throw for the codes of ErrorCode; ErrorResponseFilter renders
 * it as {code, message, status}. It is a Nest HttpException (its code is Nest's `errorCode`), so a
 * module may equally throw Nest's own, e.g. `new ConflictException('…', { errorCode: 'ORDER_SHIPPED' })`.
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
