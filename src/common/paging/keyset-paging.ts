import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { HeadersObject } from '@nestjs/swagger';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { KeysetCursorCodec } from './keyset-cursor.codec.js';
import { PAGE_LIMIT_DEFAULT } from './page-query.decorators.js';

/** A keyset-paged list's query: limit and cursor. */
export interface PageQuery {
  limit?: string;
  cursor?: string;
}

export interface Page<Item> {
  items: Item[];
  /** Where the next page starts; absent on the last page. */
  nextCursor?: string;
}

/** Keyset paging on an ascending int64 id; one row more than asked tells if more follow. */
@Injectable()
export class KeysetPaging {
  constructor(private readonly cursors: KeysetCursorCodec) {}

  /** Loads the page `query` asks for; `scope` binds the cursor to the list and its filters. */
  async page<Item>(
    query: PageQuery,
    scope: string,
    load: (afterId: bigint, take: number) => Promise<Item[]>,
    idOf: (item: Item) => bigint,
  ): Promise<Page<Item>> {
    const limit = pageLimit(query);
    const afterId = query.cursor === undefined ? 0n : this.cursors.decode(query.cursor, scope);
    if (afterId === null) {
      throw new AppException(
        ErrorCode.VALIDATION_FAILED,
        'cursor is not valid for this query: use the URL of the Link rel="next" header as it ' +
          'is, with the same filters.',
      );
    }
    return pageOf(await load(afterId, limit + 1), limit, (last) =>
      this.cursors.encode(idOf(last), scope),
    );
  }
}

/** The page size a query asks for (validated by `PageLimit`), or the default. */
export function pageLimit(query: PageQuery): number {
  return query.limit === undefined ? PAGE_LIMIT_DEFAULT : Number(query.limit);
}

/** A page from up to `limit + 1` rows: the extra row only tells that another page follows. */
export function pageOf<Item>(
  rows: Item[],
  limit: number,
  cursorAfter: (last: Item) => string,
): Page<Item> {
  if (rows.length <= limit) return { items: rows };
  const items = rows.slice(0, limit);
  return { items, nextCursor: cursorAfter(items[limit - 1]) };
}

/** Sets `Link: <…>; rel="next"` (RFC 8288) when another page follows. */
export function setNextPageLink(
  response: Response,
  path: string,
  query: PageQuery,
  filters: Record<string, string | undefined>,
  page: Page<unknown>,
  cursorName = 'cursor',
): void {
  if (page.nextCursor === undefined) return;
  // Built by hand, cheaper than URLSearchParams; every value is percent-encoded.
  let search = `limit=${encodeURIComponent(query.limit ?? String(PAGE_LIMIT_DEFAULT))}`;
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined) search += `&${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  response.set(
    'Link',
    `<${path}?${search}&${cursorName}=${encodeURIComponent(page.nextCursor)}>; rel="next"`,
  );
}

/** The Link header as a list's 200 response declares it. */
export function nextPageLinkHeaderDoc(example: string): HeadersObject {
  return {
    Link: {
      description: 'The next page (RFC 8288), when more items may follow; the last page has none.',
      required: false,
      schema: { type: 'string', example },
    },
  };
}
