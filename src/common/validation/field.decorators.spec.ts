import { validateSync } from 'class-validator';
import { JsonDecimal } from '../json/exact-json.codec.js';
import {
  IsDateOnly,
  IsDateTime,
  IsInt64Text,
  IsIntegerInRange,
  IsJsonBoolean,
  parseDateTime,
} from './field.decorators.js';
import { validateAt } from './validation-clock.js';

class Sample {
  @IsIntegerInRange(1, 1000)
  quantity: unknown;

  @IsJsonBoolean()
  complete: unknown;

  @IsDateTime()
  shipDate: unknown;

  @IsInt64Text()
  petId: unknown;
}

const VALID = { quantity: 1, complete: false, shipDate: '2026-12-24T18:30:00Z', petId: '1' };

/** The messages for a Sample that is valid but for `changes`. */
function problems(changes: Partial<Record<keyof Sample, unknown>>): string[] {
  const sample = Object.assign(new Sample(), VALID, changes);
  return validateSync(sample).flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('field validators', () => {
  it('accept valid values', () => {
    expect(problems({})).toEqual([]);
    expect(
      problems({
        quantity: 1000,
        complete: true,
        shipDate: '1000-01-01T00:00:00.5-01:00',
        petId: '-9223372036854775808',
      }),
    ).toEqual([]);
    expect(
      problems({ shipDate: '9999-12-31t23:59:59.999z', petId: '9223372036854775807' }),
    ).toEqual([]);
  });

  it.each([
    [0, 'got the number 0'],
    [1001, 'got the number 1001'],
    [new JsonDecimal('5.0'), 'got the number 5.0'],
    ['5', 'got the string "5"'],
    [null, 'got null'],
  ])('IsIntegerInRange refuses %p, naming what is allowed', (quantity, got) => {
    expect(problems({ quantity })).toEqual([
      `quantity must be an integer from 1 to 1000, written without fraction or exponent; ${got}`,
    ]);
  });

  it.each([['true'], [1], [null]])('IsJsonBoolean refuses %p', (complete) => {
    expect(problems({ complete })[0]).toMatch(
      /^complete must be true or false \(a JSON boolean\); got /,
    );
  });

  it.each([
    ['2026-12-24'],
    ['2026-12-24T18:30Z'],
    ['2026-12-24T18:30:00'],
    ['2026-12-24 18:30:00Z'],
    ['2026-02-30T00:00:00Z'],
    ['2026-13-01T00:00:00Z'],
    ['2026-12-24T24:00:00Z'],
    ['2026-12-24T18:30:00.1234Z'],
    ['0999-12-31T23:59:59Z'],
    ['1000-01-01T00:30:00+01:00'],
    [1766601000000],
  ])('IsDateTime refuses %p', (shipDate) => {
    expect(problems({ shipDate })[0]).toMatch(
      /^shipDate must be an RFC 3339 date-time with a time zone/,
    );
  });

  it('parseDateTime gives the instant, whatever the offset', () => {
    expect(parseDateTime('2026-12-24T20:30:00.250+02:00')?.toISOString()).toBe(
      '2026-12-24T18:30:00.250Z',
    );
    expect(parseDateTime('2024-02-29T00:00:00Z')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseDateTime('2026-02-29T00:00:00Z')).toBeNull();
  });

  it.each([['9223372036854775808'], ['1.0'], ['1e3'], [' 1'], ['0x10'], [''], [['1', '2']]])(
    'IsInt64Text refuses %p',
    (petId) => {
      expect(problems({ petId })[0]).toMatch(
        /^petId must be an integer from -9223372036854775808 to 9223372036854775807 in decimal digits, given once/,
      );
    },
  );
});

describe('IsDateOnly', () => {
  class Visit {
    @IsDateOnly()
    on: unknown;

    @IsDateOnly({ notInFuture: true })
    recordedOn: unknown;

    @IsDateOnly({ notInPast: true })
    dueOn: unknown;
  }
  const check = (on: unknown, recordedOn: unknown = '2026-11-29', dueOn: unknown = '2026-11-29') =>
    validateSync(Object.assign(new Visit(), { on, recordedOn, dueOn })).flatMap((error) =>
      Object.values(error.constraints ?? {}),
    );
  const NOON = Date.UTC(2026, 10, 29, 12);

  it('accepts real days from year 1000 to 9999 as YYYY-MM-DD, and keeps them strings', () => {
    for (const on of ['2026-11-29', '1000-01-01', '9999-12-31', '2024-02-29'])
      expect(validateAt(NOON, () => check(on))).toEqual([]);
  });

  it.each([
    ['2026-02-29', 'got the string "2026-02-29"'],
    ['2026-04-31', 'got the string "2026-04-31"'],
    ['2026-13-01', 'got the string "2026-13-01"'],
    ['0999-12-31', 'got the string "0999-12-31"'],
    ['2026-11-29T00:00:00Z', 'got the string "2026-11-29T00:00:00Z"'],
    ['26-11-29', 'got the string "26-11-29"'],
    [20261129, 'got the number 20261129'],
  ])('refuses %p, naming what is allowed', (on, got) => {
    expect(validateAt(NOON, () => check(on))).toEqual([
      `on must be a date as YYYY-MM-DD, such as 2026-11-29, a real day from year 1000 to 9999; ${got}`,
    ]);
  });

  it("refuses a day after today's, judged in UTC by the validation's clock", () => {
    expect(validateAt(NOON, () => check('2026-01-01', '2026-11-29'))).toEqual([]);
    expect(validateAt(NOON, () => check('2026-01-01', '2026-11-30'))).toEqual([
      'recordedOn must be a date as YYYY-MM-DD, such as 2026-11-29, a real day from year 1000 to ' +
        '9999, not after today (2026-11-29, UTC); got the string "2026-11-30"',
    ]);
    // The next day in UTC, whatever the process's zone: the day moves with the clock, not the zone.
    expect(
      validateAt(Date.UTC(2026, 10, 30, 0, 0, 1), () =>
        check('2026-01-01', '2026-11-30', '2026-11-30'),
      ),
    ).toEqual([]);
  });

  it("refuses a day before today's with notInPast, judged in UTC by the validation's clock", () => {
    expect(validateAt(NOON, () => check('2026-01-01', '2026-11-29', '2026-11-29'))).toEqual([]);
    expect(validateAt(NOON, () => check('2026-01-01', '2026-11-29', '2027-01-01'))).toEqual([]);
    expect(validateAt(NOON, () => check('2026-01-01', '2026-11-29', '2026-11-28'))).toEqual([
      'dueOn must be a date as YYYY-MM-DD, such as 2026-11-29, a real day from year 1000 to ' +
        '9999, not before today (2026-11-29, UTC); got the string "2026-11-28"',
    ]);
    // A minute before midnight UTC it is still the 28th: the day is the clock's, in UTC.
    expect(
      validateAt(Date.UTC(2026, 10, 28, 23, 59), () =>
        check('2026-01-01', '2026-11-28', '2026-11-28'),
      ),
    ).toEqual([]);
  });
});
