import { IfMatchCondition, strongEntityTag } from './entity-tag.js';

describe('entity tags', () => {
  it('makes a strong tag of the parts given', () => {
    expect(strongEntityTag(9223372036854775807n, 3)).toBe('"9223372036854775807-3"');
  });

  it('reads no If-Match as no condition, and * as any current state', () => {
    expect(IfMatchCondition.parse(undefined)).toBeUndefined();
    const any = IfMatchCondition.parse(' * ')!;
    expect(any.any).toBe(true);
    expect(any.matches('"1-7"')).toBe(true);
  });

  it('matches one of a list of tags, strongly: a weak tag never matches', () => {
    const condition = IfMatchCondition.parse('"1-1" ,W/"1-2",, "1-3"')!;
    expect(condition.matches('"1-1"')).toBe(true);
    expect(condition.matches('"1-3"')).toBe(true);
    expect(condition.matches('"1-2"')).toBe(false);
    expect(condition.matches('"1-4"')).toBe(false);
    expect(condition.toString()).toBe('"1-1", W/"1-2", "1-3"');
  });

  it.each(['', ' ', '1-1', '"1-1', '"1-1" "1-2"', '*, "1-1"', 'W/1', '"a"b"', ','])('refuses If-Match %p with 400 naming the header', (header) => {
    expect(() => IfMatchCondition.parse(header)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/^If-Match must be \*/) }),
    );
  });
});
