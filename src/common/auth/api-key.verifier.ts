import { hash, timingSafeEqual } from 'node:crypto';

/**
 * Holds SHA-256 digests of the accepted keys. A presented key is hashed and compared with every
 * digest in constant time, so neither the time taken nor an early exit tells how much matched.
 */
export class ApiKeyVerifier {
  private readonly digests: readonly Buffer[];

  constructor(keys: readonly string[]) {
    this.digests = keys.map(digest);
  }

  isValid(presented: string): boolean {
    const candidate = digest(presented);
    let valid = false;
    for (const known of this.digests) valid = timingSafeEqual(candidate, known) || valid;
    return valid;
  }
}

function digest(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}
