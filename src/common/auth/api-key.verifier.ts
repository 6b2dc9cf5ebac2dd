import { hash, timingSafeEqual } from 'node:crypto';
import type { ApiKey } from '../../config/app.config.js';

/**
 * Holds SHA-256 digests of the accepted keys. A presented key is hashed and compared with every
 * digest in constant time, so neither the time taken nor an early exit tells how much matched.
 */
export class ApiKeyVerifier {
  private readonly digests: readonly { name: string; digest: Buffer }[];

  constructor(keys: readonly ApiKey[]) {
    this.digests = keys.map(({ name, key }) => ({ name, digest: digest(key) }));
  }

  /** The name of the matching key, or undefined. */
  match(presented: string): string | undefined {
    const candidate = digest(presented);
    let name: string | undefined;
    for (const known of this.digests) if (timingSafeEqual(candidate, known.digest)) name = known.name;
    return name;
  }
}

function digest(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}
