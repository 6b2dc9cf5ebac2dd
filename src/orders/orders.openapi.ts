import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiResponse } from '@nestjs/swagger';
import { ApiErrorResponses } from '../common/errors/api-error-responses.decorator.js';
import { MERGE_PATCH_MEDIA_TYPE_RESPONSE } from '../common/http/json-body.js';
import { ETAG_HEADER_DOC } from '../common/http/entity-tag.js';
import { nextPageLinkHeaderDoc } from '../common/paging/keyset-paging.js';
import { IDEMPOTENT_REPLAY_HEADERS } from '../idempotency/idempotent.decorator.js';
import {
  IDEMPOTENCY_KEY_IN_USE_RESPONSE,
  IDEMPOTENCY_KEY_REUSED_RESPONSE,
} from '../idempotency/idempotency.errors.js';
import { CreateOrderDto } from './dto/create-order.dto.js';
import { OrderDto } from './dto/order.dto.js';
import { UpdateOrderDto } from './dto/update-order.dto.js';
import {
  ORDER_NOT_FOUND,
  CHANGE_NOT_ALLOWED,
  DELIVERED_NOT_DELETABLE,
  CREATE_NOT_PERMITTED,
  MOVE_NOT_PERMITTED,
  STALE_IF_MATCH,
  READ_PRECONDITION_FAILED,
  COLLECTION_PRECONDITION_FAILED,
  NOT_MODIFIED_COLLECTION,
  CHANGE_OUTCOME_UNKNOWN,
  DELETE_OUTCOME_UNKNOWN,
  ORDER_ID_PARAM,
  PET_NOT_FOUND,
} from './orders.openapi-responses.js';

// The OpenAPI description of each orders operation, one composite decorator each (applyDecorators).

export function ApiListOrders() {
  return applyDecorators(
    ApiOperation({
      operationId: 'listOrders',
      summary: 'List orders',
      description:
        'Returns a page of orders in ascending id order, optionally filtered by status, by pet ' +
        'and by the key that placed them. When more may follow, ' +
        'the `Link` header has a `rel="next"` URL for the next page; the last page has none.\n\n' +
        'Keys: a store key lists every order and may filter by `placedBy`; a partner key lists ' +
        'only the orders it placed (another `placedBy` gives none). A cursor works only for the ' +
        'key it was issued to.',
    }),
    ApiResponse({
      status: 200,
      description: 'A page of orders.',
      type: OrderDto,
      isArray: true,
      headers: nextPageLinkHeaderDoc(
        '</v1/store/orders?limit=20&status=placed&cursor=AAAAAAAAABQw7Bq4xT3B0gP4m1yQ9zvL>; ' +
          'rel="next"',
      ),
    }),
    ApiResponse(NOT_MODIFIED_COLLECTION),
    ApiErrorResponses([400, 401, COLLECTION_PRECONDITION_FAILED, 429, 500, 503]),
  );
}

export function ApiCreateOrder() {
  return applyDecorators(
    ApiOperation({
      operationId: 'createOrder',
      summary: 'Place an order for an animal',
      description:
        'The order gets a random id (not sequential: it tells nothing of other orders), exact ' +
        'as a JSON number (below 2^53).\n\n' +
        'Keys: store and partner keys alike; the order records the key that placed it ' +
        '(`placedBy`, its name). ' +
        'A partner key places orders as `placed` and not `complete`: asking for another ' +
        '`status`, or for `complete: true`, is 403 `ORDER_MOVE_NOT_PERMITTED` and nothing is ' +
        'stored.',
    }),
    ApiBody({
      type: CreateOrderDto,
      required: true,
      description: 'The order, as application/json (at most 16 KiB).',
    }),
    ApiResponse({
      status: 201,
      description: 'Order placed; the body carries the assigned id.',
      type: OrderDto,
      headers: {
        Location: {
          description: 'Path of the new order: /v1/store/orders/{id}.',
          required: true,
          schema: { type: 'string', example: '/v1/store/orders/1' },
        },
        ...ETAG_HEADER_DOC,
        ...IDEMPOTENT_REPLAY_HEADERS,
      },
    }),
    ApiErrorResponses([
      400,
      401,
      CREATE_NOT_PERMITTED,
      408,
      IDEMPOTENCY_KEY_IN_USE_RESPONSE,
      COLLECTION_PRECONDITION_FAILED,
      413,
      415,
      PET_NOT_FOUND,
      IDEMPOTENCY_KEY_REUSED_RESPONSE,
      429,
      500,
      503,
      504,
    ]),
  );
}

export function ApiGetOrder() {
  return applyDecorators(
    ApiOperation({
      operationId: 'getOrder',
      summary: 'Get an order',
      description:
        'With `If-None-Match` naming the current `ETag`, the answer is 304 without a body, ' +
        'whatever `Cache-Control` the request carries. ' +
        'With read replicas, a request whose tags name a newer version than a replica holds is ' +
        'answered from the primary.\n\n' +
        "Keys: a store key gets every order; a partner key only those it placed: another key's " +
        'order is 404, exactly as a missing one, so ids reveal nothing.',
    }),
    ApiParam(ORDER_ID_PARAM),
    ApiResponse({
      status: 200,
      description: 'The order.',
      type: OrderDto,
      headers: ETAG_HEADER_DOC,
    }),
    ApiResponse({
      status: 304,
      description: 'Not modified: `If-None-Match` names the current `ETag`. No body.',
      headers: ETAG_HEADER_DOC,
    }),
    ApiErrorResponses([400, 401, ORDER_NOT_FOUND, READ_PRECONDITION_FAILED, 429, 500, 503]),
  );
}

export function ApiUpdateOrder() {
  return applyDecorators(
    ApiOperation({
      operationId: 'updateOrder',
      summary: 'Change an order',
      description:
        'Applies a JSON Merge Patch (RFC 7396) of `status`, `shipDate` (null clears it), ' +
        "`quantity` and `complete`, under the order's rules " +
        '(see UpdateOrder). Send the `ETag` of the state you saw as `If-Match` so that a change ' +
        'made meanwhile by someone else is never ' +
        'overwritten (412); without it the patch applies to the order as it is then. A patch ' +
        'that changes nothing answers 200 with the order and its `ETag` unchanged.\n\n' +
        "Keys: a store key changes any order; a partner key only those it placed (another key's " +
        'order is 404), and never `status` or `complete` (403 `ORDER_MOVE_NOT_PERMITTED`).',
    }),
    ApiParam(ORDER_ID_PARAM),
    ApiConsumes('application/merge-patch+json', 'application/json'),
    ApiBody({
      type: UpdateOrderDto,
      required: true,
      description:
        'The patch, as application/merge-patch+json or application/json (at most 16 KiB).',
      examples: {
        approve: { summary: 'Approve the order', value: { status: 'approved' } },
        deliver: {
          summary: 'Deliver it and mark it complete',
          value: { status: 'delivered', complete: true },
        },
        ship: { summary: 'Set the ship date', value: { shipDate: '2026-12-24T18:30:00Z' } },
        unship: { summary: 'Clear the ship date', value: { shipDate: null } },
        quantity: { summary: 'Change the quantity (while placed)', value: { quantity: 2 } },
      },
    }),
    ApiResponse({
      status: 200,
      description: 'The order as it is after the patch.',
      type: OrderDto,
      headers: ETAG_HEADER_DOC,
    }),
    ApiErrorResponses([
      400,
      401,
      MOVE_NOT_PERMITTED,
      ORDER_NOT_FOUND,
      408,
      CHANGE_NOT_ALLOWED,
      STALE_IF_MATCH,
      413,
      MERGE_PATCH_MEDIA_TYPE_RESPONSE,
      429,
      500,
      503,
      CHANGE_OUTCOME_UNKNOWN,
    ]),
  );
}

export function ApiDeleteOrder() {
  return applyDecorators(
    ApiOperation({
      operationId: 'deleteOrder',
      summary: 'Delete an order',
      description:
        'Deletes the order; deleting it again is 404. With `If-Match`, only the state that tag ' +
        'names is deleted (else 412). ' +
        'A delivered order is deleted (voided, for one delivered by mistake) only by a store ' +
        'key with `If-Match` naming its current `ETag`; otherwise 409.\n\n' +
        "Keys: a store key deletes any order; a partner key only those it placed (another key's " +
        'order is 404), never a delivered one.',
    }),
    ApiParam(ORDER_ID_PARAM),
    ApiResponse({ status: 204, description: 'Order deleted.' }),
    ApiErrorResponses([
      400,
      401,
      ORDER_NOT_FOUND,
      DELIVERED_NOT_DELETABLE,
      STALE_IF_MATCH,
      429,
      500,
      503,
      DELETE_OUTCOME_UNKNOWN,
    ]),
  );
}
