import { describe, expect, it } from '@jest/globals';
import { withoutValues } from './better-sqlite3.instrumentation.js';

describe('withoutValues', () => {
  it('replaces numbers and quoted strings, keeping placeholders, names and structure', () => {
    expect(withoutValues("SELECT id FROM pets WHERE name = 'Rex' AND id > 42 LIMIT ?")).toBe(
      'SELECT id FROM pets WHERE name = ? AND id > ? LIMIT ?',
    );
    expect(withoutValues('SELECT "PetEntity"."id" FROM "pets" "PetEntity" WHERE "id" = 7')).toBe(
      'SELECT "PetEntity"."id" FROM "pets" "PetEntity" WHERE "id" = ?',
    );
    expect(withoutValues("UPDATE t1 SET a = 'it''s 3', b = 2.5 WHERE c IN (1, 22)")).toBe(
      'UPDATE t1 SET a = ?, b = ? WHERE c IN (?, ?)',
    );
  });
});
