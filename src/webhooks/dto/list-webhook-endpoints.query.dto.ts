import { PageCursor, PageLimit } from '../../common/paging/page-query.decorators.js';

/** Query of listWebhookEndpoints. */
export class ListWebhookEndpointsQueryDto {
  @PageLimit('Maximum number of endpoints to return.')
  limit?: string;

  @PageCursor()
  cursor?: string;
}
