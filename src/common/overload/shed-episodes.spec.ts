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
      episodes.refused(i % 4 === 0 ? 'in_flight' : 'event_loop_delay', 35, 120);
      episodes.tick(0.4);
    }
    expect(lines).toEqual([
      'warn Shedding load: the instance is past what it can serve (event-loop delay 35 ms, 120 ' +
        'requests in progress); refusing requests with 503 OVERLOADED, first for in_flight.',
    ]);
    now = 999 + EPISODE_QUIET_MS;
    episodes.tick(1);
    expect(lines[1]).toBe(
      'log Load shedding ended after 1.0 s: 1000 requests not served (in_flight 250, ' +
        'event_loop_delay 750).',
    );
  });

  it('does not end an episode while arrivals are still cut, or before a quiet second', () => {
    episodes.refused('waited', 0, 0);
    now = EPISODE_QUIET_MS - 1;
    episodes.tick(1);
    now = EPISODE_QUIET_MS * 5;
    episodes.tick(0.9);
    expect(lines).toHaveLength(1);
    episodes.tick(1);
    expect(lines).toHaveLength(2);
    episodes.refused('waited', 0, 0);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^warn Shedding load/);
  });
});
