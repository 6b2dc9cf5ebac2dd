/** The codes only orders raise, as Nest's `errorCode` on an HttpException. */
export enum OrdersErrorCode {
  /** The order names a pet that does not exist (422). */
  PET_NOT_FOUND = 'PET_NOT_FOUND',
  /** The order's rules refuse the change or delete in its status (409). */
  ORDER_CHANGE_NOT_ALLOWED = 'ORDER_CHANGE_NOT_ALLOWED',
  /** A partner key asked to move an order along (status, complete): that is the store's (403). */
  ORDER_MOVE_NOT_PERMITTED = 'ORDER_MOVE_NOT_PERMITTED',
}
