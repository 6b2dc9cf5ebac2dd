import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app.config.js';
import { LoadShedder } from './load-shedder.js';

const shedderWith = (settings: Partial<AppConfig> = {}): LoadShedder =>
  new LoadShedder({
    overloadShedding: true,
    overloadMaxEventLoopDelayMs: 20,
    overloadMaxEventLoopUtilization: 0.9,
    overloadMaxInFlight: 100,
    overloadMaxWaitMs: 1_000,
    ...settings,
  } as AppConfig);

/** A tick's reading: the loop `delayMs` late, half busy. */
const delayed = (delayMs: number) => ({ delayMs, utilization: 0.5 });

describe('LoadShedder', () => {
  // The episode lines are ShedEpisodes' (its spec).
  beforeAll(() => Logger.overrideLogger(false));

  it('admits everything while the event-loop delay stays under its bound', () => {
    const shedder = shedderWith();
    for (let tick = 0; tick < 10; tick++) {
      shedder.tick(delayed(19));
      expect(shedder.admit(1, 0.999)).toBeUndefined();
    }
    expect(shedder.shedding).toBe(false);
  });

  it('takes one delayed tick for a pause, two in a row for overload', () => {
    const shedder = shedderWith();
    shedder.tick(delayed(200));
    shedder.tick(delayed(1));
    expect(shedder.shedding).toBe(false);
    shedder.tick(delayed(40));
    shedder.tick(delayed(40));
    expect(shedder.shedding).toBe(true);
    expect(shedder.admittedShare).toBeCloseTo(0.5);
  });

  it('refuses for the event-loop delay while it is the larger pressure, with Retry-After growing', () => {
    const shedder = shedderWith();
    for (let i = 0; i < 100; i++) shedder.admit(1);
    shedder.tick(delayed(40));
    shedder.tick(delayed(40));
    expect(shedder.admit(1, 0.99)).toBe('event_loop_delay');
    expect(shedder.admit(1, 0.01)).toBeUndefined();
    expect(shedder.refusals.event_loop_delay).toBe(1);
    expect(shedder.retryAfterSeconds()).toBe(3);
  });

  it('refuses the flooding client and keeps admitting the quiet one', () => {
    const shedder = shedderWith();
    for (let i = 0; i < 900; i++) shedder.admit(1);
    for (let i = 0; i < 50; i++) shedder.admit(2);
    shedder.tick(delayed(40));
    shedder.tick(delayed(40));
    let quietRefused = 0;
    let floodRefused = 0;
    for (let i = 0; i < 200; i++) {
      if (shedder.admit(2, Math.random()) !== undefined) quietRefused++;
      if (shedder.admit(1, Math.random()) !== undefined) floodRefused++;
    }
    expect(quietRefused).toBe(0);
    expect(floodRefused).toBeGreaterThan(50);
  });

  it('sheds for a loop busy past its bound two ticks in a row, cutting by the square of the excess', () => {
    const shedder = shedderWith();
    shedder.admit(1);
    shedder.tick({ delayMs: 1, utilization: 1 });
    expect(shedder.shedding).toBe(false);
    shedder.tick({ delayMs: 1, utilization: 0.99 });
    expect(shedder.admittedShare).toBeCloseTo((0.9 / 0.99) ** 2);
    expect(shedder.admit(1, 0.999)).toBe('event_loop_utilization');
    // Back under 85 % of the bound: the share grows again.
    shedder.tick({ delayMs: 1, utilization: 0.7 });
    shedder.tick({ delayMs: 1, utilization: 0.7 });
    expect(shedder.admittedShare).toBeGreaterThan((0.9 / 0.99) ** 2);
  });

  it('sheds for requests in progress past OVERLOAD_MAX_IN_FLIGHT, and refuses all past twice it', () => {
    const shedder = shedderWith({ overloadMaxInFlight: 10 });
    shedder.admit(1);
    shedder.inFlight = 15;
    shedder.tick(delayed(0));
    expect(shedder.shedding).toBe(true);
    expect(shedder.admit(1, 0.999)).toBe('in_flight');
    shedder.inFlight = 20;
    expect(shedder.admit(3, 0)).toBe('in_flight');
  });

  it('does not read the utilization when its bound is 1 (the default): a busy loop alone neither cuts nor holds', () => {
    const shedder = shedderWith({ overloadMaxEventLoopUtilization: 1 });
    shedder.admit(1);
    shedder.tick({ delayMs: 200, utilization: 1 });
    shedder.tick({ delayMs: 200, utilization: 1 });
    const cut = shedder.admittedShare;
    shedder.tick({ delayMs: 1, utilization: 1 });
    shedder.tick({ delayMs: 1, utilization: 1 });
    expect(shedder.admittedShare).toBeGreaterThan(cut);
  });

  it('refuses nothing when OVERLOAD_SHEDDING is false', () => {
    const shedder = shedderWith({ overloadShedding: false });
    shedder.inFlight = 1_000;
    for (let tick = 0; tick < 5; tick++) shedder.tick(delayed(500));
    expect(shedder.admit(1, 0.999)).toBeUndefined();
    expect(shedder.shedding).toBe(false);
  });
});
