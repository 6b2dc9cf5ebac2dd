import { EntityTagCondition, strongEntityTag } from './entity-tag.js';

describe('entity tags', () => {
  it('makes a strong tag of the parts given', () => {
    expect(strongEntityTag(9223372036854775807n, 3)).toBe('"9223372036854775807-3"');
  });

  it('reads no If-Match as no condition, and * as any current state', () => {
    expect(EntityTagCondition.parse('If-Match', undefined)).toBeUndefined();
    const any = EntityTagCondition.parse('If-Match', ' * ')!;
    expect(any.any).toBe(true);
    expect(any.matchesStrongly('"1-7"')).toBe(true);
    expect(any.matchesStrongly(null)).toBe(true);
  });

  it('matches one of a list of tags, strongly: a weak tag never matches', () => {
    const condition = EntityTagCondition.parse('If-Match', '"1-1" ,W/"1-2",, "1-3"')!;
    expect(condition.matchesStrongly('"1-1"')).toBe(true);
    expect(condition.matchesStrongly('"1-3"')).toBe(true);
    expect(condition.matchesStrongly('"1-2"')).toBe(false);
    expect(condition.matchesStrongly('"1-4"')).toBe(false);
    expect(condition.matchesStrongly(null)).toBe(false);
    expect(condition.toString()).toBe('"1-1", W/"1-2", "1-3"');
  });

  it('matches weakly for If-None-Match: W/"1-2" and "1-2" are the same', () => {
    const condition = EntityTagCondition.parse('If-None-Match', 'W/"1-2"')!;
    expect(condition.matchesWeakly('"1-2"')).toBe(true);
    expect(condition.matchesWeakly('"1-3"')).toBe(false);
    expect(condition.matchesWeakly(null)).toBe(false);
    expect(EntityTagCondition.parse('If-None-Match', '*')!.matchesWeakly(null)).toBe(true);
  });

  it.each(['', ' ', '1-1', '"1-1', '"1-1" "1-2"', '*, "1-1"', 'W/1', '"a"b"', ','])(
    'refuses If-Match %p with 400 naming the header',
    (header) => {
      expect(() => EntityTagCondition.parse('If-Match', header)).toThrow(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          message: expect.stringMatching(/^If-Match must be \*/),
        }),
      );
    },
  );
});
