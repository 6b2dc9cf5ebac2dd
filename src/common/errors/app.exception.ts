import { ERROR_STATUS, ErrorCode } from './error-code.enum.js';

/** The one exception services throw; ErrorResponseFilter renders it as {code, message, status}. */
export class AppException extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Response headers that belong to this error (WWW-Authenticate, Allow, ...). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppException';
    this.status = ERROR_STATUS[code];
  }
}
