import { loadOverloadConfig } from './overload.config.js';

describe('loadOverloadConfig', () => {
  it('has defaults that need no tuning on a 2-core machine, utilization not read', () => {
    expect(loadOverloadConfig({})).toEqual({
      overloadShedding: true,
      overloadMaxEventLoopDelayMs: 50,
      overloadMaxEventLoopUtilization: 1,
      overloadMaxInFlight: 200,
      overloadMaxWaitMs: 1_000,
    });
  });

  it('reads every setting, and OVERLOAD_SHEDDING=false turns shedding off', () => {
    expect(
      loadOverloadConfig({
        OVERLOAD_SHEDDING: 'false',
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '30',
        OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.95',
        OVERLOAD_MAX_IN_FLIGHT: '500',
        OVERLOAD_MAX_WAIT_MS: '2000',
      }),
    ).toEqual({
      overloadShedding: false,
      overloadMaxEventLoopDelayMs: 30,
      overloadMaxEventLoopUtilization: 0.95,
      overloadMaxInFlight: 500,
      overloadMaxWaitMs: 2_000,
    });
  });

  it('names the variable and what is allowed when a value is out of range', () => {
    expect(() => loadOverloadConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '2' })).toThrow(
      'OVERLOAD_MAX_EVENT_LOOP_UTILIZATION must be a decimal from 0.5 to 1, got "2"',
    );
    expect(() => loadOverloadConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.4' })).toThrow(
      /from 0\.5 to 1/,
    );
    expect(() => loadOverloadConfig({ OVERLOAD_SHEDDING: 'no' })).toThrow(
      'OVERLOAD_SHEDDING must be true or false, got "no"',
    );
    expect(() => loadOverloadConfig({ OVERLOAD_MAX_WAIT_MS: '5' })).toThrow(
      'OVERLOAD_MAX_WAIT_MS must be an integer from 10 to 600000, got "5"',
    );
  });
});
