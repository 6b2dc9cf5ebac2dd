import { FairQueue, STANDING_AFTER_MS, type Waiter } from './fair-queue.js';

const waiter = (arrivedAt: number, name = String(arrivedAt)) => ({
  arrivedAt,
  waiting: true,
  name,
});
type Named = Waiter & { name: string };

/** The names started, in order, with up to `cap` running per client. */
function drain(queue: FairQueue<Named>, now: number, cap = Infinity): string[] {
  const started: string[] = [];
  for (let next = queue.next(now, cap); next; next = queue.next(now, cap))
    started.push(next.waiter.name);
  return started;
}

describe('FairQueue', () => {
  it('starts the clients in turn, one request each, so a flooding client waits behind itself', () => {
    const queue = new FairQueue<Named>('fifo');
    const flood = queue.lineOf('flood');
    const quiet = queue.lineOf('quiet');
    for (let i = 0; i < 5; i++) queue.wait(flood, waiter(i, `f${i}`), 0);
    queue.wait(quiet, waiter(5, 'q0'), 0);
    queue.wait(quiet, waiter(6, 'q1'), 0);
    expect(drain(queue, 1)).toEqual(['f0', 'q0', 'f1', 'q1', 'f2', 'f3', 'f4']);
    expect(queue.waiting).toBe(0);
    expect(queue.running).toBe(7);
  });

  it('counts what starts before one more request of a client: its own, and as many turns of each other', () => {
    const queue = new FairQueue<Named>('fifo');
    const flood = queue.lineOf('flood');
    const quiet = queue.lineOf('quiet');
    for (let i = 0; i < 100; i++) queue.wait(flood, waiter(i), 0);
    expect(queue.ahead(quiet)).toBe(1);
    queue.wait(quiet, waiter(100), 0);
    expect(queue.ahead(quiet)).toBe(1 + 2);
    expect(queue.ahead(flood)).toBe(100 + 1);
  });

  it('serves oldest first, and newest first once the queue has stood for its interval with every slot taken (adaptive LIFO)', () => {
    const fresh = new FairQueue<Named>('adaptive-lifo', 1);
    const line = fresh.lineOf('a');
    fresh.run(fresh.lineOf('b'));
    for (let i = 0; i < 3; i++) fresh.wait(line, waiter(i), 0);
    expect(fresh.next(STANDING_AFTER_MS - 1, Infinity)?.waiter.name).toBe('0');
    expect(fresh.next(STANDING_AFTER_MS, Infinity)?.waiter.name).toBe('2');
    expect(fresh.next(STANDING_AFTER_MS, Infinity)?.waiter.name).toBe('1');

    const fifo = new FairQueue<Named>('fifo');
    const other = fifo.lineOf('a');
    for (let i = 0; i < 3; i++) fifo.wait(other, waiter(i), 0);
    expect(drain(fifo, 10 * STANDING_AFTER_MS)).toEqual(['0', '1', '2']);
  });

  it('keeps the oldest first for a client waiting only behind its own cap while slots are free', () => {
    const queue = new FairQueue<Named>('adaptive-lifo', 4);
    const line = queue.lineOf('a');
    queue.run(line);
    queue.run(line);
    for (let i = 0; i < 3; i++) queue.wait(line, waiter(i), 0);
    queue.finish(line);
    expect(queue.next(10 * STANDING_AFTER_MS, 2)?.waiter.name).toBe('0');
  });

  it('passes over a client already running its cap, and takes it again once one of its requests ends', () => {
    const queue = new FairQueue<Named>('fifo');
    const busy = queue.lineOf('busy');
    const other = queue.lineOf('other');
    queue.run(busy);
    queue.run(busy);
    queue.wait(busy, waiter(0, 'b0'), 0);
    queue.wait(other, waiter(1, 'o0'), 0);
    expect(drain(queue, 1, 2)).toEqual(['o0']);
    queue.finish(busy);
    expect(drain(queue, 1, 2)).toEqual(['b0']);
  });

  it('takes out a waiter whose client left, and hands back those past their deadline, oldest first', () => {
    const queue = new FairQueue<Named>('adaptive-lifo');
    const line = queue.lineOf('a');
    const waiters = Array.from({ length: 4 }, (_, i) => waiter(i * 10));
    for (const each of waiters) queue.wait(line, each, 0);
    queue.drop(line, waiters[1]);
    expect(queue.waiting).toBe(3);
    expect([...queue.expired(25)].map(({ waiter }) => waiter.name)).toEqual(['0', '20']);
    expect(queue.waiting).toBe(1);
    expect(drain(queue, 1)).toEqual(['30']);
  });

  it('forgets a client with nothing running or waiting', () => {
    const queue = new FairQueue<Named>('fifo');
    const line = queue.lineOf('a');
    queue.run(line);
    queue.wait(line, waiter(0), 0);
    expect(queue.clients).toBe(1);
    drain(queue, 1);
    queue.finish(line);
    queue.finish(line);
    expect(queue.clients).toBe(1);
    queue.forgetIdle();
    expect(queue.clients).toBe(0);
    expect(queue.running).toBe(0);
  });
});
