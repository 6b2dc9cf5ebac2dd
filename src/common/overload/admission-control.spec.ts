import { AdmissionControl, MIN_ADMITTED } from './admission-control.js';

describe('AdmissionControl', () => {
  it('admits all while the pressure stays at or under 1', () => {
    const control = new AdmissionControl();
    for (const pressure of [0, 0.3, 0.9, 1]) expect(control.update(pressure)).toBe(1);
  });

  it('cuts by the square of the excess past 1, at most by half a tick, never under its floor', () => {
    const control = new AdmissionControl();
    expect(control.update(1.25)).toBeCloseTo(0.64);
    expect(control.update(10)).toBeCloseTo(0.32);
    for (let tick = 0; tick < 20; tick++) control.update(10);
    expect(control.admitted).toBe(MIN_ADMITTED);
  });

  it('holds its share between 85 % of its bound and the bound, so steady overload stays still', () => {
    const control = new AdmissionControl();
    control.update(2);
    for (const pressure of [0.85, 0.9, 1]) expect(control.update(pressure)).toBeCloseTo(0.5);
  });

  it('grows back to all, tick by tick, once there is room', () => {
    const control = new AdmissionControl();
    for (let tick = 0; tick < 20; tick++) control.update(10);
    const ticks = Array.from({ length: 10 }, () => control.update(0.5));
    expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
    expect(control.admitted).toBeLessThan(1);
    for (let tick = 0; tick < 30; tick++) control.update(0.5);
    expect(control.admitted).toBe(1);
  });
});
