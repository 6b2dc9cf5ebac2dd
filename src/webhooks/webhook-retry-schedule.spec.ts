import { describe, expect, it } from '@jest/globals';
import { MAX_ATTEMPTS, nextAttemptAfter, outcomeOf } from './webhook-retry-schedule.js';

describe('the retry schedule', () => {
  it("is Svix's: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failed attempt, 8 in all", () => {
    const at = new Date('2026-11-26T00:00:00.000Z');
    const waits = [];
    for (let made = 1; made <= MAX_ATTEMPTS; made++) {
      const next = nextAttemptAfter(made, at);
      waits.push(next === undefined ? undefined : (next.getTime() - at.getTime()) / 1_000);
    }
    expect(waits).toEqual([5, 300, 1_800, 7_200, 18_000, 36_000, 36_000, undefined]);
  });

  it('makes of an answer: 2xx delivered, 410 disabled, anything else retried until the last', () => {
    const at = new Date('2026-11-26T00:00:00.000Z');
    expect(outcomeOf(204, 1, at)).toEqual({ outcome: 'delivered' });
    expect(outcomeOf(410, 1, at)).toEqual({
      outcome: 'disabled',
      disabledReason: 'the receiver answered 410 Gone at 2026-11-26T00:00:00.000Z',
    });
    for (const status of [undefined, 199, 302, 500])
      expect(outcomeOf(status, 1, at)).toEqual({
        outcome: 'retrying',
        nextAttemptAt: new Date('2026-11-26T00:00:05.000Z'),
      });
    expect(outcomeOf(503, MAX_ATTEMPTS, at)).toEqual({ outcome: 'failed' });
  });
});
