// The responses and parameters the orders operations' OpenAPI descriptions share.
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { outcomeUnknown } from '../database/database-availability.js';
import { OrdersErrorCode } from './orders.errors.js';

export const ORDER_NOT_FOUND = {
  status: 404,
  description: 'No order has this id: `NOT_FOUND`.',
  code: 'NOT_FOUND',
  message: 'No order with id 42.',
};
export const CHANGE_NOT_ALLOWED = {
  status: 409,
  description:
    "The order's rules refuse the change: `ORDER_CHANGE_NOT_ALLOWED`. Status moves only " +
    'forward, a delivered order is final but for complete becoming true, ' +
    'quantity changes only while placed, complete never becomes false again. The message names ' +
    'the current status and what is allowed. Nothing was changed.',
  code: OrdersErrorCode.ORDER_CHANGE_NOT_ALLOWED,
  message:
    'Order 42 is approved: status moves only forward (placed → approved → delivered), so from ' +
    'approved only to delivered; got placed.',
};
export const DELIVERED_NOT_DELETABLE = {
  status: 409,
  description:
    'The order is delivered: `ORDER_CHANGE_NOT_ALLOWED`. Only a store key deletes (voids) a ' +
    'delivered order, and only with `If-Match` naming its current `ETag`. Nothing was changed.',
  code: OrdersErrorCode.ORDER_CHANGE_NOT_ALLOWED,
  message:
    'Order 42 is delivered: a delivered order is deleted (voided) only with If-Match naming its ' +
    'current ETag, "42-3".',
};
export const CREATE_NOT_PERMITTED = {
  status: 403,
  description:
    'A partner key asked for a `status` other than `placed`, or for `complete: true`: placing ' +
    "an order further along is the store's (`ORDER_MOVE_NOT_PERMITTED`). Nothing was stored.",
  code: OrdersErrorCode.ORDER_MOVE_NOT_PERMITTED,
  message:
    'The partner key "shop-a" cannot place an order with status delivered or complete true: ' +
    "moving an order along is the store's. A partner key places orders as placed and not " +
    'complete, and may change shipDate and quantity of its own orders.',
};
export const MOVE_NOT_PERMITTED = {
  status: 403,
  description:
    "A partner key sent `status` or `complete`: moving an order along is the store's " +
    '(`ORDER_MOVE_NOT_PERMITTED`); a partner key may change `shipDate` and `quantity` of its ' +
    'own orders. Nothing was changed.',
  code: OrdersErrorCode.ORDER_MOVE_NOT_PERMITTED,
  message:
    'The partner key "shop-a" cannot change status: moving an order along is the store\'s. A ' +
    'partner key places orders as placed and not complete, and may change shipDate and quantity ' +
    'of its own orders.',
};
export const STALE_IF_MATCH = {
  status: 412,
  description:
    'A precondition failed: `PRECONDITION_FAILED`. The order has changed since the `If-Match` ' +
    'tag was sent, or `If-None-Match` names its current tag. ' +
    'Nothing was changed; GET the order for its current state and tag.',
  code: 'PRECONDITION_FAILED',
  message:
    'Order 42 has changed: its ETag is now "42-4", not "42-3". Nothing was changed; GET it to ' +
    'see its current state.',
};
export const READ_PRECONDITION_FAILED = {
  status: 412,
  description: '`If-Match` names another state than the current one: `PRECONDITION_FAILED`.',
  code: 'PRECONDITION_FAILED',
  message:
    'Order 42 has changed: its ETag is now "42-4", not "42-3". If-Match names another state.',
};
export const COLLECTION_PRECONDITION_FAILED = {
  status: 412,
  description:
    'A precondition failed: `PRECONDITION_FAILED`. The collection has no tag, so `If-Match` ' +
    'with a tag never matches it, and it always exists, so `If-None-Match: *` never holds. ' +
    'Nothing was changed.',
  code: 'PRECONDITION_FAILED',
  message: 'The collection /v1/store/orders exists, and If-None-Match is *. Nothing was changed.',
};
export const NOT_MODIFIED_COLLECTION = {
  status: 304,
  description: 'Not modified: `If-None-Match: *` (the collection always exists). No body.',
};
export const CHANGE_OUTCOME_UNKNOWN = {
  status: 504,
  description:
    'The change was sent to the database and its answer was lost: `OUTCOME_UNKNOWN`. It may or ' +
    'may not have been made. Retrying with the same ' +
    '`If-Match` is safe: 412 then means it was made (GET shows the order), 200 that it is made ' +
    'now.',
  code: ErrorCode.OUTCOME_UNKNOWN,
  message: outcomeUnknown().message,
};
export const DELETE_OUTCOME_UNKNOWN = {
  ...CHANGE_OUTCOME_UNKNOWN,
  description:
    'The delete was sent to the database and its answer was lost: `OUTCOME_UNKNOWN`. It may or ' +
    'may not have been made. Retrying is safe: 404 then means it was deleted.',
};
export const ORDER_ID_PARAM = {
  name: 'orderId',
  description: 'Identifier of the order.',
  schema: { type: 'integer' as const, format: 'int64' },
};
export const PET_NOT_FOUND = {
  status: 422,
  description: 'The order names a pet that does not exist: `PET_NOT_FOUND`.',
  code: OrdersErrorCode.PET_NOT_FOUND,
  message: 'No pet with id 42: an order must name an existing pet.',
};
