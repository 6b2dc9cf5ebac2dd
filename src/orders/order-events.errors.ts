import type { ErrorResponseDoc } from '../common/errors/api-error-responses.decorator.js';

/** The codes only the order events feed raises. */
export enum EventsErrorCode {
  /** `after` names an event older than the oldest kept: some events after it were purged (410). */
  EVENTS_EXPIRED = 'EVENTS_EXPIRED',
}

export const EVENTS_EXPIRED_RESPONSE: ErrorResponseDoc = {
  status: 410,
  description:
    'Events after `after` were purged (older than the retention, 30 days by default): ' +
    '`EVENTS_EXPIRED`. Some were missed; resynchronise from listOrders, then read the feed ' +
    'without `after`.',
  code: EventsErrorCode.EVENTS_EXPIRED,
  message:
    'Events after the one named in after were purged unread (events are kept ' +
    'EVENTS_RETENTION_DAYS days): some were missed. Resynchronise from listOrders, then read ' +
    'the feed without after.',
};
