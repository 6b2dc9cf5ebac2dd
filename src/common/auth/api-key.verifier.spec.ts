import { ApiKeyVerifier } from './api-key.verifier.js';

describe('ApiKeyVerifier', () => {
  const verifier = new ApiKeyVerifier(['first-key', 'second-key']);

  it('accepts every configured key', () => {
    expect(verifier.isValid('first-key')).toBe(true);
    expect(verifier.isValid('second-key')).toBe(true);
  });

  it.each(['', 'first-ke', 'first-key ', 'FIRST-KEY', 'first-keyx', 'second-key\u0000'])('rejects %p', (key) => {
    expect(verifier.isValid(key)).toBe(false);
  });

  it('accepts nothing when no key is configured', () => {
    expect(new ApiKeyVerifier([]).isValid('anything')).toBe(false);
  });
});
