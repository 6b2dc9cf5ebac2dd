import { Injectable } from '@nestjs/common';

/** The time the service decides by: a provider, so tests move it and production cannot. */
@Injectable()
export class Clock {
  /** Milliseconds since the epoch. */
  now(): number {
    return Date.now();
  }
}
