/** The codes only orders raise, as Nest's `errorCode` on an HttpException. */
export enum OrdersErrorCode {
  /** The order names a pet that does not exist (422). */
  PET_NOT_FOUND = 'PET_NOT_FOUND',
}
