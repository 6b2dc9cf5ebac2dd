/** What `npm run keys` (api-keys.cli.ts) prints: the key table, written to a reader that may leave. */
import { ApiKeyEntity } from './api-key.entity.js';

/** One row per secret: a key's current one, and below it a rolled one while it overlaps. */
export function table(keys: ApiKeyEntity[]): string {
  const when = (date: Date | null) => (date === null ? '-' : date.toISOString());
  const now = Date.now();
  const rows = [
    [
      'NAME',
      'PREFIX',
      'SECRET',
      'KIND',
      'SCOPE',
      'CREATED',
      'EXPIRES',
      'REVOKED',
      'LAST USED',
      'RATE LIMIT',
    ],
  ];
  for (const key of keys) {
    const rest = [key.kind, key.scope, when(key.createdAt)];
    const after = [
      when(key.revokedAt),
      when(key.lastUsedAt),
      key.rateLimit === null ? 'default' : String(key.rateLimit),
    ];
    rows.push([key.name, key.prefix, 'current', ...rest, when(key.expiresAt), ...after]);
    const overlapEnd = key.previousExpiresAt;
    if (
      key.revokedAt === null &&
      key.previousPrefix !== null &&
      overlapEnd !== null &&
      overlapEnd.getTime() > now
    ) {
      const ends =
        key.expiresAt !== null && key.expiresAt < overlapEnd ? key.expiresAt : overlapEnd;
      rows.push([key.name, key.previousPrefix, 'previous', ...rest, when(ends), ...after]);
    }
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map(
      (row) =>
        `${row
          .map((cell, column) => cell.padEnd(widths[column]))
          .join('  ')
          .trimEnd()}\n`,
    )
    .join('');
}

/** Writes to stdout and waits until it is handed over; rejects with EPIPE when the reader left. */
export function writeOut(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.once('error', reject);
    process.stdout.write(text, (error) => {
      process.stdout.off('error', reject);
      if (error) reject(error);
      else resolve();
    });
  });
}

export function isClosedPipe(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EPIPE';
}
