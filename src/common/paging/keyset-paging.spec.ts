import type { Response } from 'express';
import { AppException } from '../errors/app.exception.js';
import { KeysetCursorCodec } from './keyset-cursor.codec.js';
import { KeysetPaging, setNextPageLink, type Page } from './keyset-paging.js';

const IDS = [1n, 2n, 5n, 9n, 12n];
const paging = new KeysetPaging(new KeysetCursorCodec(Buffer.alloc(32, 7)));
const load = (afterId: bigint, take: number) =>
  Promise.resolve(IDS.filter((id) => id > afterId).slice(0, take));
const page = (query: { limit?: string; cursor?: string }, scope = 'items:*') =>
  paging.page(query, scope, load, (id) => id);

describe('KeysetPaging', () => {
  it('walks every item once, in order, and ends without a cursor', async () => {
    const seen: bigint[] = [];
    let cursor: string | undefined;
    do {
      const next: Page<bigint> = await page({ limit: '2', cursor });
      seen.push(...next.items);
      cursor = next.nextCursor;
    } while (cursor !== undefined);
    expect(seen).toEqual(IDS);
  });

  it('gives no cursor when the page is exactly the last items', async () => {
    expect(await page({ limit: '5' })).toEqual({ items: IDS });
  });

  it('defaults to 20 items', async () => {
    let asked = 0;
    await paging.page(
      {},
      'items:*',
      (_afterId, take) => ((asked = take), Promise.resolve([])),
      (id: bigint) => id,
    );
    expect(asked).toBe(21);
  });

  it('refuses a cursor issued for another scope (other filters) with 400 VALIDATION_FAILED', async () => {
    const { nextCursor } = await page({ limit: '2' }, 'items:placed');
    const refused = await page({ limit: '2', cursor: nextCursor }, 'items:*').catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppException);
    expect(refused).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/cursor is not valid for this query/),
    });
  });
});

describe('setNextPageLink', () => {
  const responseRecording = () => {
    const headers: Record<string, string> = {};
    return {
      headers,
      response: {
        set: (name: string, value: string) => (headers[name] = value),
      } as unknown as Response,
    };
  };

  it('links the next page with the limit, the filters given, and the cursor', () => {
    const { headers, response } = responseRecording();
    setNextPageLink(
      response,
      '/v1/items',
      { limit: '5' },
      { status: 'placed', petId: undefined },
      { items: [], nextCursor: 'abc' },
    );
    expect(headers).toEqual({ Link: '</v1/items?limit=5&status=placed&cursor=abc>; rel="next"' });
  });

  it('percent-encodes what a value may hold beyond letters and digits, so the link reads back as the values given', () => {
    const { headers, response } = responseRecording();
    setNextPageLink(
      response,
      '/v1/items',
      { limit: '5' },
      { placedBy: 'a b&c=d+é' },
      { items: [], nextCursor: 'x/y' },
    );
    expect(headers.Link).toBe(
      '</v1/items?limit=5&placedBy=a%20b%26c%3Dd%2B%C3%A9&cursor=x%2Fy>; rel="next"',
    );
    const search = new URL(`http://host${/<([^>]+)>/.exec(headers.Link)![1]}`).searchParams;
    expect(Object.fromEntries(search)).toEqual({
      limit: '5',
      placedBy: 'a b&c=d+é',
      cursor: 'x/y',
    });
  });

  it('names the default limit, and sets nothing on the last page', () => {
    const { headers, response } = responseRecording();
    setNextPageLink(response, '/v1/items', {}, {}, { items: [] });
    expect(headers).toEqual({});
    setNextPageLink(response, '/v1/items', {}, {}, { items: [], nextCursor: 'abc' });
    expect(headers.Link).toBe('</v1/items?limit=20&cursor=abc>; rel="next"');
  });
});
