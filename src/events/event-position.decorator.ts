import { ValidateBy, type ValidationArguments } from 'class-validator';
import { describeReceived } from '../common/validation/received.js';
import { EVENT_ID_PATTERN } from './event-id.codec.js';

/** An event id, or a numeric id kept from before ids were opaque: the shape `after` takes. */
export const EVENT_POSITION_PATTERN = `^(${EVENT_ID_PATTERN.slice(1, -1)}|0|[1-9][0-9]{0,18})$`;
const POSITION = new RegExp(EVENT_POSITION_PATTERN);

/**
 * Where to resume the feed: an event id (`evt_…`), or a numeric id kept from before ids were
 * opaque. The shape is checked here; whether the feed made it, by EventIds.
 */
export function IsEventPosition(): PropertyDecorator {
  return ValidateBy({
    name: 'isEventPosition',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && POSITION.test(value),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} must be the id of an event of this feed (evt_ and 22 letters, digits, ` +
        `"-" or "_"), or a numeric id from before event ids were opaque, given once; got ` +
        describeReceived(args?.value),
    },
  });
}
