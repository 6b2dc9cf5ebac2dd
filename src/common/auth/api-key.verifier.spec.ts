import { ApiKeyVerifier } from './api-key.verifier.js';

describe('ApiKeyVerifier', () => {
  const verifier = new ApiKeyVerifier([
    { name: 'first', key: 'first-key' },
    { name: 'second', key: 'second-key' },
  ]);

  it('accepts every configured key and names it', () => {
    expect(verifier.match('first-key')).toBe('first');
    expect(verifier.match('second-key')).toBe('second');
  });

  it.each(['', 'first-ke', 'first-key ', 'FIRST-KEY', 'first-keyx', 'second-key\u0000'])('rejects %p', (key) => {
    expect(verifier.match(key)).toBeUndefined();
  });

  it('accepts nothing when no key is configured', () => {
    expect(new ApiKeyVerifier([]).match('anything')).toBeUndefined();
  });
});
