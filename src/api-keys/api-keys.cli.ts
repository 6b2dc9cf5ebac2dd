import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DatabaseAccess } from '../database/database-access.js';
import { cliDataSource } from '../database/cli-data-source.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { KEY_NAME, displayPrefix, generateApiKey, hashApiKey, parseDuration } from './issued-key.js';

/**
 * npm run keys -- create --name partner-a [--expires-in 90d] [--rate-limit N] | list | revoke <name>
 * On DATABASE_URL, as the service. Exit codes: 0 done; 1 the database failed (or is not migrated);
 * 2 a usage error (unknown command or option, bad name, duration or limit); 3 the name is taken;
 * 4 no such key (or it is revoked already).
 */
const USAGE = 'usage: npm run keys -- create --name <name> [--expires-in <n>(s|m|h|d)] [--rate-limit <n>] | list | revoke <name>';

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'create' && command !== 'list' && command !== 'revoke') throw new CliError(`unknown command "${command ?? ''}"; ${USAGE}`, 2);
  let parsed: ReturnType<typeof parseArguments>;
  try {
    parsed = parseArguments(rest);
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}; ${USAGE}`, 2);
  }
  const { values, positionals } = parsed;
  const create = command === 'create' ? createRequest(values) : undefined;
  if (command === 'revoke' && positionals.length !== 1) throw new CliError(`revoke takes one key name; ${USAGE}`, 2);

  const dataSource = await (await cliDataSource()).initialize();
  try {
    if (await dataSource.showMigrations()) throw new CliError('the database has pending migrations: run `npm run migration:run` first', 1);
    const keys = new ApiKeysRepository(dataSource.getRepository(ApiKeyEntity), new DatabaseAccess(dataSource));
    if (create) {
      const key = generateApiKey();
      const now = new Date();
      const stored = await keys.insert({
        name: create.name,
        keyHash: hashApiKey(key),
        prefix: displayPrefix(key),
        rateLimit: create.rateLimit,
        createdAt: now,
        expiresAt: create.expiresInMs === undefined ? null : new Date(now.getTime() + create.expiresInMs),
      });
      if (!stored) throw new CliError(`a key named "${create.name}" exists already; choose another name, or revoke it first and use a new name`, 3);
      process.stderr.write(`Created the key "${create.name}". It is shown once, here; store it now:\n`);
      process.stdout.write(`${key}\n`);
    } else if (command === 'list') {
      printTable(await keys.list());
    } else {
      const [name] = positionals;
      if (!(await keys.revoke(name, new Date()))) throw new CliError(`no key named "${name}" that is not revoked already`, 4);
      process.stderr.write(`Revoked the key "${name}": every instance refuses it within a few seconds.\n`);
    }
  } finally {
    await dataSource.destroy();
  }
}

function parseArguments(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { name: { type: 'string' }, 'expires-in': { type: 'string' }, 'rate-limit': { type: 'string' } },
  });
}

function createRequest(values: ReturnType<typeof parseArguments>['values']): { name: string; expiresInMs?: number; rateLimit: number | null } {
  const name = values.name;
  if (name === undefined || !KEY_NAME.test(name))
    throw new CliError(`--name must be 1 to 64 letters, digits, ".", "_" or "-"; got ${JSON.stringify(name ?? '')}`, 2);
  const expiresIn = values['expires-in'];
  const expiresInMs = expiresIn === undefined ? undefined : parseDuration(expiresIn);
  if (expiresIn !== undefined && expiresInMs === undefined) {
    throw new CliError(`--expires-in must be a whole number and a unit, s, m, h or d (such as 90d); got ${JSON.stringify(expiresIn)}`, 2);
  }
  const limitText = values['rate-limit'];
  const rateLimit = limitText === undefined ? null : /^[1-9][0-9]{0,8}$/.test(limitText) ? Number(limitText) : NaN;
  if (Number.isNaN(rateLimit)) throw new CliError(`--rate-limit must be a whole number of requests per window, 1 or more; got ${JSON.stringify(limitText)}`, 2);
  return { name, expiresInMs, rateLimit };
}

function printTable(keys: ApiKeyEntity[]): void {
  const when = (date: Date | null) => (date === null ? '-' : date.toISOString());
  const rows = [
    ['NAME', 'PREFIX', 'CREATED', 'EXPIRES', 'REVOKED', 'LAST USED', 'RATE LIMIT'],
    ...keys.map((key) => [
      key.name,
      key.prefix,
      when(key.createdAt),
      when(key.expiresAt),
      when(key.revokedAt),
      when(key.lastUsedAt),
      key.rateLimit === null ? 'default' : String(key.rateLimit),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    process.stdout.write(
      `${row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd()}\n`,
    );
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`keys: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = error instanceof CliError ? error.exitCode : 1;
}
