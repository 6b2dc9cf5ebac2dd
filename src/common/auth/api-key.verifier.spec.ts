import { hash } from 'node:crypto';
import { ApiKeyScope } from './api-key-scope.enum.js';
import {
  ApiKeyVerifier,
  PresentedKeyDigests,
  REMEMBERED_DIGESTS_MAX,
  apiKeyDigest,
} from './api-key.verifier.js';

describe('ApiKeyVerifier', () => {
  const verifier = new ApiKeyVerifier([
    { name: 'first', key: 'first-key', scope: ApiKeyScope.WRITE },
    { name: 'second', key: 'second-key', scope: ApiKeyScope.READ },
  ]);

  it('accepts every configured key and names it, with its scope', () => {
    expect(verifier.match('first-key')).toMatchObject({ name: 'first', scope: 'write' });
    expect(verifier.match('second-key')).toMatchObject({ name: 'second', scope: 'read' });
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
    expect(
      new ApiKeyVerifier([{ name: 'renamed', key: 'first-key', scope: ApiKeyScope.WRITE }]).match(
        'first-key',
      )!.id,
    ).toBe(first);
    expect(first).not.toContain('first-key');
    expect(Buffer.from(first, 'base64url').equals(hash('sha256', 'first-key', 'buffer'))).toBe(
      false,
    );
  });

  it.each(['', 'first-ke', 'first-key ', 'FIRST-KEY', 'first-keyx', 'second-key\u0000'])(
    'rejects %p',
    (key) => {
      expect(verifier.match(key)).toBeUndefined();
    },
  );

  it('accepts nothing when no key is configured', () => {
    expect(new ApiKeyVerifier([]).match('anything')).toBeUndefined();
  });
});

describe('PresentedKeyDigests', () => {
  it('hashes a key it was not told to remember, and hands back the remembered digest of one it was', () => {
    const digests = new PresentedKeyDigests();
    expect(digests.digestOf('some-key')).toEqual({
      digest: apiKeyDigest('some-key'),
      remembered: false,
    });
    digests.remember('some-key', apiKeyDigest('some-key'));
    expect(digests.digestOf('some-key')).toEqual({
      digest: apiKeyDigest('some-key'),
      remembered: true,
    });
    expect(digests.digestOf('some-key ').remembered).toBe(false);
  });

  it('keeps at most REMEMBERED_DIGESTS_MAX, then starts afresh', () => {
    const digests = new PresentedKeyDigests();
    for (let i = 0; i < REMEMBERED_DIGESTS_MAX; i++)
      digests.remember(`key-${i}`, apiKeyDigest(`key-${i}`));
    expect(digests.digestOf('key-0').remembered).toBe(true);
    digests.remember('one-more', apiKeyDigest('one-more'));
    expect(digests.digestOf('key-0').remembered).toBe(false);
    expect(digests.digestOf('one-more').remembered).toBe(true);
  });
});
