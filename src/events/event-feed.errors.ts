import { BadRequestException, GoneException } from '@nestjs/common';
import type { ErrorResponseDoc } from '../common/errors/api-error-responses.decorator.js';
import type { EventFamily } from './event-catalog.js';

/** The codes only an event feed raises, whichever family's. */
export enum EventsErrorCode {
  /** `after` names an event older than the oldest kept: some events after it were purged (410). */
  EVENTS_EXPIRED = 'EVENTS_EXPIRED',
}

/** The 410's text; it names no position in the sequence: that would tell how many events others had. */
function expiredMessage(family: EventFamily): string {
  return (
    'Events after the one named in after were purged unread (events are kept ' +
    `EVENTS_RETENTION_DAYS days): some were missed. Resynchronise from ${family.feed.resynchronise}, ` +
    'then read the feed without after.'
  );
}

export function eventsExpired(family: EventFamily): GoneException {
  return new GoneException(expiredMessage(family), {
    errorCode: EventsErrorCode.EVENTS_EXPIRED,
  });
}

export function unknownEventPosition(after: string): BadRequestException {
  return new BadRequestException(
    'after must be the id of an event of this feed (evt_ and 22 letters, digits, "-" or "_"), or ' +
      `a numeric id from before event ids were opaque, up to the last such id; got "${after}"`,
  );
}

/** The 410 as a family's feed operation documents it. */
export function eventsExpiredResponse(family: EventFamily): ErrorResponseDoc {
  return {
    status: 410,
    description:
      'Events after `after` were purged (older than the retention, 30 days by default): ' +
      `\`EVENTS_EXPIRED\`. Some were missed; resynchronise from ${family.feed.resynchronise}, ` +
      'then read the feed without `after`.',
    code: EventsErrorCode.EVENTS_EXPIRED,
    message: expiredMessage(family),
  };
}
