import { emptyLine } from './fair-queue.js';
import { REFUSAL_MAX_WAIT_MS, RefusalLine, type WaitingRefusal } from './refusal-line.js';
import { SHARE_TICKS, TickShares } from './tick-shares.js';

/** A line whose share is `perTick` refusals a tick: a key started twice that per tick. */
function lineWithShare(perTick: number): RefusalLine {
  const shares = new TickShares(100, () => 0);
  const key = emptyLine('key');
  for (let tick = 0; tick < SHARE_TICKS; tick++) {
    for (let i = 0; i < 2 * perTick; i++) shares.started(key);
    shares.nextTick(0);
  }
  return new RefusalLine(shares);
}

describe('RefusalLine', () => {
  const waiting = (arrivedAt: number, answered: number[], id: number): WaitingRefusal => ({
    arrivedAt,
    waiting: true,
    answer: () => answered.push(id),
  });

  it('answers what its share allows, and holds the rest in order', () => {
    const line = lineWithShare(2);
    const answered: number[] = [];
    for (let id = 0; id < 5; id++) {
      if (line.mayAnswer(0)) {
        line.answering();
        answered.push(id);
      } else line.wait(waiting(0, answered, id));
    }
    expect(answered).toEqual([0, 1]);
    expect(line.length).toBe(3);
  });

  it('answers a refusal that has waited REFUSAL_MAX_WAIT_MS whatever the share, and never one whose client left', () => {
    const line = lineWithShare(2);
    const answered: number[] = [];
    line.answering();
    line.answering();
    const left = waiting(0, answered, 0);
    line.wait(left);
    line.wait(waiting(0, answered, 1));
    line.wait(waiting(REFUSAL_MAX_WAIT_MS, answered, 2));
    line.left(left);
    line.answerDue(REFUSAL_MAX_WAIT_MS + 1);
    expect(answered).toEqual([1]);
    expect(line.length).toBe(1);
  });
});
