import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { BoundedMemo } from '../memo/bounded-memo.js';

const MAC_BYTES = 16;
const CURSOR_BYTES = 8 + MAC_BYTES;
const CURSOR_TEXT = /^[A-Za-z0-9_-]{32}$/;
/** Cursors remembered at most (a page boundary is a few dozen bytes). */
export const ISSUED_CURSORS_REMEMBERED = 10_000;

/** Opaque cursors: the page's last id with an HMAC over it and the query's scope. */
export class KeysetCursorCodec {
  // A KeyObject made once: createHmac with a raw Buffer key costs several times more per call.
  private readonly key: KeyObject;

  constructor(secret: Buffer) {
    this.key = createSecretKey(secret);
  }

  /** Cursors issued, by scope and id: every first page gives the same boundary. */
  private readonly issued = new BoundedMemo<string, string>(ISSUED_CURSORS_REMEMBERED);

  encode(lastId: bigint, scope: string): string {
    const memoKey = `${scope}\0${lastId}`;
    let cursor = this.issued.get(memoKey);
    if (cursor === undefined) {
      const id = Buffer.alloc(8);
      id.writeBigInt64BE(lastId);
      cursor = Buffer.concat([id, this.mac(id, scope)]).toString('base64url');
      this.issued.set(memoKey, cursor);
    }
    return cursor;
  }

  /** The previous page's last id, or null when the cursor is malformed, forged or misused. */
  decode(cursor: string, scope: string): bigint | null {
    if (!CURSOR_TEXT.test(cursor)) return null;
    const bytes = Buffer.from(cursor, 'base64url');
    if (bytes.length !== CURSOR_BYTES) return null;
    const id = bytes.subarray(0, 8);
    if (!timingSafeEqual(bytes.subarray(8), this.mac(id, scope))) return null;
    return id.readBigInt64BE();
  }

  private mac(id: Buffer, scope: string): Buffer {
    return createHmac('sha256', this.key)
      .update(scope)
      .update('\0')
      .update(id)
      .digest()
      .subarray(0, MAC_BYTES);
  }
}
