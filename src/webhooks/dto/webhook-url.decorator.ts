import { ValidateBy, type ValidationArguments } from 'class-validator';
import { describeReceived } from '../../common/validation/received.js';
import { WebhookTargets } from '../webhook-targets.js';

export const WEBHOOK_URL_MAX = 2048;

/** An absolute https URL (http for WEBHOOK_ALLOWED_NETWORKS), no credentials or fragment. */
export function IsWebhookUrl(): PropertyDecorator {
  return ValidateBy({
    name: 'isWebhookUrl',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' &&
        value.length <= WEBHOOK_URL_MAX &&
        WebhookTargets.malformed(value) === undefined,
      defaultMessage: (args?: ValidationArguments) => {
        const value: unknown = args?.value;
        if (value === undefined) return `${args?.property} is required: an https URL`;
        const why =
          typeof value !== 'string'
            ? 'must be a string'
            : value.length > WEBHOOK_URL_MAX
              ? `must be at most ${WEBHOOK_URL_MAX} characters`
              : WebhookTargets.malformed(value);
        return (
          `${args?.property} ${why}: an absolute https URL without credentials or fragment ` +
          `(http only to WEBHOOK_ALLOWED_NETWORKS), at most ${WEBHOOK_URL_MAX} characters; got ` +
          describeReceived(value)
        );
      },
    },
  });
}
