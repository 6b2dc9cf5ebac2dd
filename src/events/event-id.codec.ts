import { createCipheriv, createDecipheriv } from 'node:crypto';

/** What every public event id starts with. */
export const EVENT_ID_PREFIX = 'evt_';
/** A public event id: the prefix and one AES block in base64url. */
export const EVENT_ID_PATTERN = '^evt_[A-Za-z0-9_-]{22}$';
const EVENT_ID = new RegExp(EVENT_ID_PATTERN);
/** What fills the block beside the sequence number: an id not made here decrypts to other bytes. */
const CHECK = Buffer.from('petstore', 'latin1');

/** Public event ids: the sequence position under AES-128, telling nothing of others' events. */
export class EventIdCodec {
  constructor(
    private readonly key: Buffer,
    /** The last event whose id was a plain number, before ids were made opaque. */
    readonly numericThrough: bigint,
  ) {
    if (key.length !== 16) throw new Error('An event id key is 16 bytes');
  }

  encode(sequence: bigint): string {
    const block = Buffer.alloc(16);
    block.writeBigUInt64BE(sequence);
    CHECK.copy(block, 8);
    const cipher = createCipheriv('aes-128-ecb', this.key, null).setAutoPadding(false);
    const sealed = Buffer.concat([cipher.update(block), cipher.final()]);
    return EVENT_ID_PREFIX + sealed.toString('base64url');
  }

  /** The sequence number of an id this service made; undefined for anything else. */
  decode(id: string): bigint | undefined {
    if (!EVENT_ID.test(id)) return undefined;
    const text = id.slice(EVENT_ID_PREFIX.length);
    const sealed = Buffer.from(text, 'base64url');
    // Only the canonical spelling: 22 characters carry 132 bits, 4 of them must be 0.
    if (sealed.length !== 16 || sealed.toString('base64url') !== text) return undefined;
    const decipher = createDecipheriv('aes-128-ecb', this.key, null).setAutoPadding(false);
    const block = Buffer.concat([decipher.update(sealed), decipher.final()]);
    return block.subarray(8).equals(CHECK) ? block.readBigUInt64BE(0) : undefined;
  }

  /** Where a feed resumes for `after` (an event id, or an old plain id); undefined when neither. */
  resumeAfter(after: string): bigint | undefined {
    if (/^(0|[1-9][0-9]{0,18})$/.test(after)) {
      const numeric = BigInt(after);
      return numeric <= this.numericThrough ? numeric : undefined;
    }
    return this.decode(after);
  }
}
