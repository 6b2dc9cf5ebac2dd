import { PageLimit } from '../../common/paging/page-query.decorators.js';

/** Query of listWebhookAttempts. */
export class ListWebhookAttemptsQueryDto {
  @PageLimit('How many of the newest attempts to return (the 100 newest are kept).')
  limit?: string;
}
