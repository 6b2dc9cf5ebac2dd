import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app.config.js';
import { ANONYMOUS, SHARE_TICKS } from './tick-shares.js';
import { KEYLESS_RECENT_MS } from './admission-load.js';
import { LoadShedder } from './load-shedder.js';
import type { Line, WaitingRequest } from './waiting-request.js';

const shedderWith = (settings: Partial<AppConfig> = {}): LoadShedder =>
  new LoadShedder({
    overloadShedding: true,
    overloadMaxInFlight: 4,
    overloadMaxWaitMs: 1_000,
    overloadQueueOrder: 'fifo',
    overloadRetiredSettings: [],
    ...settings,
  } as AppConfig);

const IDLE_LOOP = { delayMs: 0, utilization: 0.1 };

/** One request of `client` as the listener drives it: started, waiting, or refused. */
class Arrival {
  state: 'running' | 'waiting' | 'refused' | 'expired' | 'done' = 'waiting';
  readonly line: Line;
  readonly request: WaitingRequest;

  constructor(
    private readonly shedder: LoadShedder,
    client: string,
    arrivedAt = performance.now(),
  ) {
    this.line = shedder.lineOf(client);
    this.request = {
      arrivedAt,
      waiting: true,
      start: () => (this.state = 'running'),
      expire: () => (this.state = 'expired'),
    };
    if (shedder.mayStart(this.line)) {
      shedder.started(this.line);
      this.state = 'running';
    } else if (!shedder.wait(this.line, this.request)) this.state = 'refused';
  }

  /** Answered after `ms` of work. */
  finish(ms = 10): void {
    const now = performance.now();
    this.shedder.finished(this.line, now - ms, true, now);
  }
}

/** Finishes `count` of the running `arrivals`, one at a time (each lets the next one start). */
function finishRunning(arrivals: Arrival[], count: number, ms?: number): void {
  for (let i = 0; i < count; i++) {
    const running = arrivals.find((arrival) => arrival.state === 'running');
    if (running === undefined) throw new Error(`only ${i} of ${count} were running`);
    running.state = 'done';
    running.finish(ms);
  }
}

/** A busy tick a minute long in which nothing finished: the instance has measured itself. */
function measureOnce(shedder: LoadShedder): void {
  const line = shedder.lineOf('probe');
  const request = { arrivedAt: performance.now(), waiting: true, start() {}, expire() {} };
  shedder.wait(line, request);
  shedder.left(line, request);
  shedder.tick(performance.now() + 60_000, IDLE_LOOP);
}

const arrive = (shedder: LoadShedder, client: string, count: number, arrivedAt?: number) =>
  Array.from({ length: count }, () => new Arrival(shedder, client, arrivedAt));
const states = (arrivals: Arrival[]) =>
  arrivals.reduce<Record<string, number>>(
    (counts, { state }) => ({ ...counts, [state]: (counts[state] ?? 0) + 1 }),
    {},
  );

describe('LoadShedder', () => {
  // The episode lines are ShedEpisodes' (its spec).
  beforeAll(() => Logger.overrideLogger(false));

  it('admits to the queue whatever arrives before the instance has been busy a tick', () => {
    const shedder = shedderWith({ overloadMaxWaitMs: 100 });
    // Requests take a second: a measured instance would refuse most of these.
    finishRunning(arrive(shedder, 'a', 2), 2, 1_000);
    expect(states(arrive(shedder, 'a', 50))).toEqual({ running: 2, waiting: 48 });
  });

  it('starts at once while a slot is free, and admits every arrival to an empty queue', () => {
    const shedder = shedderWith();
    expect(states(arrive(shedder, 'a', 2))).toEqual({ running: 2 });
    expect(states(arrive(shedder, 'b', 2))).toEqual({ running: 2 });
    // Every slot taken, and the service rate never measured: the queue takes them.
    expect(states(arrive(shedder, 'a', 3))).toEqual({ waiting: 3 });
    expect(shedder.admittedShare).toBe(1);
  });

  it('refuses on arrival only what would wait past OVERLOAD_MAX_WAIT_MS at the measured rate', () => {
    const shedder = shedderWith({ overloadMaxWaitMs: 100, overloadMaxInFlight: 8 });
    measureOnce(shedder);
    // Requests take 20 ms: 4 running finish 200 a second, so 20 start within the 100 ms.
    finishRunning(arrive(shedder, 'a', 4), 4, 20);
    expect(states(arrive(shedder, 'a', 4))).toEqual({ running: 4 });
    expect(shedder.serviceRate).toBe(200);
    const more = arrive(shedder, 'a', 24);
    expect(states(more)).toEqual({ waiting: 20, refused: 4 });
    expect(shedder.refusals.queue_full).toBe(4);
    shedder.tick(performance.now(), IDLE_LOOP);
    expect(shedder.refusals.waited).toBe(0);
    expect(shedder.admittedShare).toBeCloseTo(1 - 4 / 32);
    expect(shedder.retryAfterSeconds()).toBe(1);
  });

  it('reports (for the primary) a request without a valid key within the last second, and when none since', () => {
    const shedder = shedderWith({ overloadMaxWaitMs: 100, overloadMaxInFlight: 64 });
    const reports: boolean[] = [];
    shedder.onLoadChange((load) => reports.push(load.keylessRecent));
    arrive(shedder, 'a', 4);
    shedder.tick(performance.now(), IDLE_LOOP);
    expect(reports).toEqual([]);
    arrive(shedder, ANONYMOUS, 1);
    arrive(shedder, 'a', 40);
    shedder.tick(performance.now(), IDLE_LOOP);
    expect(reports).toEqual([true]);
    // Still within the second, then past it with only keys arriving.
    shedder.tick(performance.now() + KEYLESS_RECENT_MS / 2, IDLE_LOOP);
    expect(reports).toEqual([true]);
    arrive(shedder, 'a', 4);
    shedder.tick(performance.now() + KEYLESS_RECENT_MS, IDLE_LOOP);
    expect(reports).toEqual([true, false]);
  });

  it("reports itself full (for the primary) once a client's first request would wait past the budget, not for one client's own line", () => {
    const shedder = shedderWith({ overloadMaxWaitMs: 100, overloadMaxInFlight: 8 });
    const reports: boolean[] = [];
    let keyedWaiting = false;
    shedder.onLoadChange((load) => {
      if (load.full !== (reports.at(-1) ?? false)) reports.push(load.full);
      keyedWaiting = load.keyedWaiting;
    });
    measureOnce(shedder);
    finishRunning(arrive(shedder, 'a', 4), 4, 20);
    const running = arrive(shedder, 'a', 4);
    const waiting = arrive(shedder, 'a', 20);
    // A key's requests have waited a tenth of the budget by the next tick: the primary may now
    // call this worker behind.
    expect(keyedWaiting).toBe(false);
    finishRunning(arrive(shedder, 'b', 1), 1, 20);
    shedder.tick(performance.now() + 20, IDLE_LOOP);
    expect(keyedWaiting).toBe(true);
    // One client's line stands past the budget beside another client (served in that tick): its
    // next request is refused, but another client's first would start in time: not full.
    expect(states(arrive(shedder, 'a', 1))).toEqual({ refused: 1 });
    expect(reports).toEqual([]);
    // Clients enough, one waiting each, that the next client's first would start late: full ...
    const crowd = Array.from({ length: 80 }, (_, i) => new Arrival(shedder, `c${i}`));
    expect(crowd.filter((arrival) => arrival.state === 'refused').length).toBeGreaterThan(0);
    expect(reports).toEqual([true]);
    // ... until nothing waits.
    const all = [...running, ...waiting, ...crowd];
    for (const arrival of all)
      if (arrival.state === 'waiting') shedder.left(arrival.line, arrival.request);
    finishRunning(all, all.filter((arrival) => arrival.state === 'running').length, 20);
    expect(shedder.waiting).toBe(0);
    expect(reports).toEqual([true, false]);
    expect(keyedWaiting).toBe(false);
  });

  it("gives a light client its turn whatever floods have queued: the floods' arrivals are refused, not the light one's", () => {
    const shedder = shedderWith({ overloadMaxWaitMs: 100 });
    measureOnce(shedder);
    const floods = [...arrive(shedder, 'flood 1', 40), ...arrive(shedder, 'flood 2', 40)];
    // Requests take 100 ms: 4 running finish 40 a second, 4 within the budget. 74 wait ...
    finishRunning(floods, 2, 100);
    expect(shedder.waiting).toBe(74);
    expect(shedder.serviceRate).toBe(40);
    // ... so the floods are cut ...
    expect(states(arrive(shedder, 'flood 1', 5))).toEqual({ refused: 5 });
    // ... and the light client waits only for its turn: it starts within the next three.
    const light = new Arrival(shedder, 'light');
    expect(light.state).toBe('waiting');
    finishRunning(floods, 3, 100);
    expect(light.state).toBe('running');
  });

  it('runs at most half the slots for one client while another waits', () => {
    const shedder = shedderWith({ overloadMaxInFlight: 6 });
    expect(states(arrive(shedder, 'a', 5))).toEqual({ running: 3, waiting: 2 });
    expect(states(arrive(shedder, 'b', 4))).toEqual({ running: 3, waiting: 1 });
  });

  it('refuses a waiting request once it has waited past the budget, and lets go as soon as the queue is empty', () => {
    const shedder = shedderWith({ overloadMaxWaitMs: 50 });
    const start = performance.now();
    arrive(shedder, 'a', 2, start);
    arrive(shedder, 'b', 2, start);
    const waiting = arrive(shedder, 'a', 3, start);
    shedder.tick(start + 60, IDLE_LOOP);
    expect(states(waiting)).toEqual({ expired: 3 });
    expect(shedder.refusals.waited).toBe(3);
    expect(shedder.waiting).toBe(0);
    // Nothing was answered, so nothing is known of the rate, and an empty queue admits.
    expect(shedder.serviceRate).toBeUndefined();
    expect(states(arrive(shedder, 'b', 1, start + 60))).toEqual({ waiting: 1 });
    shedder.tick(start + 70, IDLE_LOOP);
    expect(shedder.admittedShare).toBe(1);
  });

  /** SHARE_TICKS ticks from `start`, each with `starts` finished per client: a share measured. */
  const measuredTicks = (
    shedder: LoadShedder,
    start: number,
    starts: Record<string, number>,
    reading = IDLE_LOOP,
  ): number => {
    let now = start;
    for (let i = 0; i < SHARE_TICKS; i++) {
      for (const [client, count] of Object.entries(starts))
        finishRunning(arrive(shedder, client, count), count);
      now += 100;
      shedder.tick(now, reading);
    }
    return now;
  };

  it("holds the anonymous client to half the busiest key's starts a tick whenever a key was served, whatever the loop reads", () => {
    const shedder = shedderWith({ overloadMaxInFlight: 100 });
    // A key started 6 a tick, the loop with time to spare: the anonymous client may start 3 in a
    // tick, the rest wait.
    let now = measuredTicks(shedder, performance.now(), { key: 6 });
    expect(states(arrive(shedder, ANONYMOUS, 5))).toEqual({ running: 3, waiting: 2 });
    // However slow the instance, they wait out the budget rather than being refused at once (a
    // flood's connections would only send again).
    finishRunning(arrive(shedder, 'slow key', 1), 1, 60_000);
    const held = arrive(shedder, ANONYMOUS, 500);
    expect(states(held)).toEqual({ waiting: 500 });
    held.forEach((arrival) => shedder.left(arrival.line, arrival.request));
    finishRunning(arrive(shedder, 'key', 6), 6);
    // The next tick: the 2 waiting start.
    now += 100;
    shedder.tick(now, IDLE_LOOP);
    expect(shedder.waiting).toBe(0);
    // Once no key has been served for the ticks a share is measured over, nobody is held.
    measuredTicks(shedder, now, {});
    expect(states(arrive(shedder, ANONYMOUS, 20))).toEqual({ running: 20 });
  });

  it("holds a key to the busiest other key's starts a tick, and starts what is held in a turn of the loop with nothing else to do", async () => {
    const shedder = shedderWith({ overloadMaxInFlight: 1_000 });
    const now = measuredTicks(shedder, performance.now(), { quiet: 4 });
    // The busy key may start as many as the quiet one does; the quiet one is not held by it.
    const busy = arrive(shedder, 'busy', 10, now);
    expect(states(busy)).toEqual({ running: 4, waiting: 6 });
    expect(states(arrive(shedder, 'quiet', 10, now))).toEqual({ running: 10 });
    // No request arrives in the next turns: the loop would idle, so what is held starts, one a
    // turn, though no tick has passed.
    for (let turn = 0; turn < 20 && states(busy).waiting; turn++)
      await new Promise((next) => setImmediate(next));
    expect(states(busy)).toEqual({ running: 10 });
  });

  it('answers a refusal (no valid key, a key past its limit) within the share, taking no slot, and holds the rest to their turn', () => {
    const shedder = shedderWith({ overloadMaxInFlight: 4 });
    // A key started 6 a tick: 3 refusals may be answered in a tick.
    const now = measuredTicks(shedder, performance.now(), { key: 6 });
    const answered: number[] = [];
    for (let i = 0; i < 5; i++) {
      if (shedder.mayRefuse()) {
        shedder.refusalLine.answering();
        answered.push(i);
      } else {
        expect(
          shedder.waitToRefuse({ arrivedAt: now, waiting: true, answer: () => answered.push(i) }),
        ).toBe(true);
      }
    }
    expect(answered).toEqual([0, 1, 2]);
    expect(shedder.inFlight).toBe(0);
    // The slots are the keys': as many run beside the refusals as without them.
    expect(states(arrive(shedder, 'key', 2))).toEqual({ running: 2 });
    // The next tick answers the two waiting.
    shedder.tick(now + 100, IDLE_LOOP);
    expect(answered).toEqual([0, 1, 2, 3, 4]);
    expect(shedder.inFlight).toBe(2);
    expect(shedder.refusals).toEqual({ queue_full: 0, waited: 0, client_left: 0 });
  });

  it("answers a client's own 503 at once while it is alone, and on the refusals' share beside another client", () => {
    const shedder = shedderWith({ overloadMaxInFlight: 4 });
    const alone = arrive(shedder, 'flood', 2);
    expect(shedder.sharing(alone[0].line)).toBe(false);
    arrive(shedder, 'other', 1);
    expect(shedder.sharing(alone[0].line)).toBe(true);
    expect(shedder.sharing(shedder.lineOf(ANONYMOUS))).toBe(false);
  });

  it('counts a waiting request whose client left, and never starts it', () => {
    const shedder = shedderWith();
    const running = [...arrive(shedder, 'a', 2), ...arrive(shedder, 'b', 2)];
    const [left, next] = arrive(shedder, 'a', 2);
    shedder.left(left.line, left.request);
    running[0].finish();
    expect(left.state).toBe('waiting');
    expect(next.state).toBe('running');
    expect(shedder.refusals.client_left).toBe(1);
  });
});
