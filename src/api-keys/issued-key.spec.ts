import { hash } from 'node:crypto';
import { BEARER_TOKEN } from '../common/auth/auth.config.js';
import {
  ISSUED_KEY_PREFIX,
  displayPrefix,
  generateApiKey,
  hashApiKey,
  parseDuration,
} from './issued-key.js';

describe('issued keys', () => {
  it('are the prefix and 32 random bytes, base64url: a bearer token scanners can recognise, different every time', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(ISSUED_KEY_PREFIX.length), 'base64url')).toHaveLength(32);
    expect(BEARER_TOKEN.test(key)).toBe(true);
    expect(generateApiKey()).not.toBe(key);
  });

  it('are stored as their SHA-256 and shown by a prefix too short to use', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(hash('sha256', key, 'hex'));
    expect(displayPrefix(key)).toBe(key.slice(0, 8));
  });

  it.each([
    ['90d', 90 * 86_400_000],
    ['12h', 12 * 3_600_000],
    ['30m', 30 * 60_000],
    ['45s', 45_000],
  ])('parse the duration %p', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '0d', '90', 'd', '1.5h', '90 d', '-1d', '1w', '9999999d'])(
    'refuse the duration %p',
    (text) => {
      expect(parseDuration(text)).toBeUndefined();
    },
  );
});
