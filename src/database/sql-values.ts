/** Parameters of prepared statements, as TypeORM would write them, for both databases. */

/** A DATETIME(3): UTC to the millisecond, `YYYY-MM-DD HH:MM:SS.mmm` (SQLite binds no Date). */
export function sqlDateTime(date: Date | null): string | null {
  return date === null ? null : date.toISOString().slice(0, 23).replace('T', ' ');
}

/** A boolean column: 1 or 0 (SQLite binds no boolean; MySQL's is a TINYINT). */
export function sqlBoolean(value: boolean): number {
  return value ? 1 : 0;
}

/** A DATETIME(3) as a driver reads it: a Date (mysql2, in UTC) or its text in UTC (SQLite). */
export function dateFromSql(value: string | Date): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}
