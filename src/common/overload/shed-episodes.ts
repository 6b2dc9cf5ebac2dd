import type { LoggerService } from '@nestjs/common';
import type { ShedReason } from './request-work.js';

/** An episode ends once nothing was refused for this long, nothing waits and all are admitted. */
export const EPISODE_QUIET_MS = 1_000;

/** Shedding episodes for the log: a line when refusing starts and one when it ends. */
export class ShedEpisodes {
  private current?: { startedAt: number; lastAt: number; refused: Map<ShedReason, number> };

  constructor(
    private readonly logger: LoggerService,
    private readonly now: () => number = () => performance.now(),
  ) {}

  refused(reason: ShedReason, running: number, waiting: number): void {
    const now = this.now();
    if (!this.current) {
      this.current = { startedAt: now, lastAt: now, refused: new Map() };
      this.logger.warn(
        `Shedding load: the instance is past what it can serve (${running} requests running, ` +
          `${waiting} waiting); refusing requests with 503 OVERLOADED, first for ${reason}.`,
      );
    }
    this.current.lastAt = now;
    this.current.refused.set(reason, (this.current.refused.get(reason) ?? 0) + 1);
  }

  tick(admittedShare: number, waiting = 0): void {
    const episode = this.current;
    if (
      !episode ||
      admittedShare < 1 ||
      waiting > 0 ||
      this.now() - episode.lastAt < EPISODE_QUIET_MS
    )
      return;
    this.current = undefined;
    const total = [...episode.refused.values()].reduce((sum, count) => sum + count, 0);
    const byReason = [...episode.refused].map(([reason, count]) => `${reason} ${count}`);
    this.logger.log(
      `Load shedding ended after ${((episode.lastAt - episode.startedAt) / 1000).toFixed(1)} s: ` +
        `${total} requests not served (${byReason.join(', ')}).`,
    );
  }
}
