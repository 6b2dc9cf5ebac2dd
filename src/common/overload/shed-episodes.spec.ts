import type { LoggerService } from '@nestjs/common';
import { EPISODE_QUIET_MS, ShedEpisodes } from './shed-episodes.js';

describe('ShedEpisodes', () => {
  let now: number;
  let lines: string[];
  let episodes: ShedEpisodes;

  beforeEach(() => {
    now = 0;
    lines = [];
    const logger = {
      warn: (line: string) => lines.push(`warn ${line}`),
      log: (line: string) => lines.push(`log ${line}`),
    } as unknown as LoggerService;
    episodes = new ShedEpisodes(logger, () => now);
  });

  it('warns once when an episode starts, and ends it with what it refused', () => {
    for (let i = 0; i < 1_000; i++) {
      now = i;
      episodes.refused(i % 4 === 0 ? 'waited' : 'queue_full', 64, 120);
      episodes.tick(0.4);
    }
    expect(lines).toEqual([
      'warn Shedding load: the instance is past what it can serve (64 requests running, 120 ' +
        'waiting); refusing requests with 503 OVERLOADED, first for waited.',
    ]);
    now = 999 + EPISODE_QUIET_MS;
    episodes.tick(1);
    expect(lines[1]).toBe(
      'log Load shedding ended after 1.0 s: 1000 requests not served (waited 250, ' +
        'queue_full 750).',
    );
  });

  it('does not end an episode while arrivals are still cut or wait, or before a quiet second', () => {
    episodes.refused('waited', 0, 0);
    now = EPISODE_QUIET_MS - 1;
    episodes.tick(1);
    now = EPISODE_QUIET_MS * 5;
    episodes.tick(0.9);
    episodes.tick(1, 3);
    expect(lines).toHaveLength(1);
    episodes.tick(1);
    expect(lines).toHaveLength(2);
    episodes.refused('waited', 0, 0);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^warn Shedding load/);
  });
});
