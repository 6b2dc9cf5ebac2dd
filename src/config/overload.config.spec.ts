import type { Env } from './env.js';
import { readEnvironment } from './environment.js';
import { loadOverloadConfig } from './overload.config.js';

const load = (env: Env) => loadOverloadConfig(env, readEnvironment(env));

describe('loadOverloadConfig', () => {
  it('has defaults that need no tuning on a 2-core machine', () => {
    expect(load({})).toEqual({
      overloadShedding: true,
      overloadMaxInFlight: 64,
      overloadMaxWaitMs: 1_000,
      overloadQueueOrder: 'adaptive-lifo',
      overloadRetiredSettings: [],
    });
  });

  it('reads every setting, and OVERLOAD_SHEDDING=false turns shedding off', () => {
    expect(
      load({
        OVERLOAD_SHEDDING: 'false',
        OVERLOAD_MAX_IN_FLIGHT: '500',
        OVERLOAD_MAX_WAIT_MS: '2000',
        OVERLOAD_QUEUE_ORDER: 'fifo',
      }),
    ).toEqual({
      overloadShedding: false,
      overloadMaxInFlight: 500,
      overloadMaxWaitMs: 2_000,
      overloadQueueOrder: 'fifo',
      overloadRetiredSettings: [],
    });
  });

  it('names the retired event-loop settings when they are still set, to be warned about', () => {
    expect(
      load({
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '30',
        OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.95',
      }).overloadRetiredSettings,
    ).toEqual(['OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 'OVERLOAD_MAX_EVENT_LOOP_UTILIZATION']);
  });

  it('names the variable and what is allowed when a value is out of range', () => {
    expect(() => load({ OVERLOAD_QUEUE_ORDER: 'lifo' })).toThrow(
      'OVERLOAD_QUEUE_ORDER must be one of adaptive-lifo, fifo, got "lifo"',
    );
    expect(() => load({ OVERLOAD_SHEDDING: 'no' })).toThrow(
      'OVERLOAD_SHEDDING must be true or false, got "no"',
    );
    expect(() => load({ OVERLOAD_MAX_WAIT_MS: '5' })).toThrow(
      'OVERLOAD_MAX_WAIT_MS must be an integer from 10 to 600000, got "5"',
    );
  });
});
