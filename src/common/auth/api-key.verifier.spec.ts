import { hash } from 'node:crypto';
import { ApiKeyVerifier, apiKeyDigest } from './api-key.verifier.js';

describe('ApiKeyVerifier', () => {
  const verifier = new ApiKeyVerifier([
    { name: 'first', key: 'first-key' },
    { name: 'second', key: 'second-key' },
  ]);

  it('accepts every configured key and names it', () => {
    expect(verifier.match('first-key')?.name).toBe('first');
    expect(verifier.match('second-key')?.name).toBe('second');
  });

  it("takes the presented key's digest when the caller has computed it, and matches by it", () => {
    expect(apiKeyDigest('first-key')).toEqual(hash('sha256', 'first-key', 'buffer'));
    expect(verifier.match('first-key', apiKeyDigest('first-key'))?.name).toBe('first');
    expect(verifier.match('first-key', apiKeyDigest('second-key'))?.name).toBe('second');
  });

  it('gives each key an id of its own, derived from the key (not its name or place), which is neither the key nor its digest', () => {
    const first = verifier.match('first-key')!.id;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifier.match('second-key')!.id).not.toBe(first);
    expect(new ApiKeyVerifier([{ name: 'renamed', key: 'first-key' }]).match('first-key')!.id).toBe(first);
    expect(first).not.toContain('first-key');
    expect(Buffer.from(first, 'base64url').equals(hash('sha256', 'first-key', 'buffer'))).toBe(false);
  });

  it.each(['', 'first-ke', 'first-key ', 'FIRST-KEY', 'first-keyx', 'second-key\u0000'])('rejects %p', (key) => {
    expect(verifier.match(key)).toBeUndefined();
  });

  it('accepts nothing when no key is configured', () => {
    expect(new ApiKeyVerifier([]).match('anything')).toBeUndefined();
  });
});
