import { Injectable } from '@nestjs/common';

/**
 * The time as the service decides by it (an operation's sunset, say): a provider, so that tests
 * move it (`overrideProvider(Clock)`) and production cannot (no environment variable sets it).
 */
@Injectable()
export class Clock {
  /** Milliseconds since the epoch. */
  now(): number {
    return Date.now();
  }
}
