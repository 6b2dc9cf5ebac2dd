import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { parseApiKeys } from '../common/auth/auth.config.js';
import { ConfigValidationError } from '../config/config-validation.error.js';
import { DatabaseAccess } from '../database/database-access.js';
import { cliDataSource } from '../database/cli-data-source.js';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { API_KEY_NAME } from '../common/auth/api-key-name.js';
import { ApiKeyScope } from '../common/auth/api-key-scope.enum.js';
import { apiKeyIdOf, apiKeyOwnerIdOfName } from '../common/auth/api-key.verifier.js';
import { ApiKeyEntity, ApiKeysRevisionEntity } from './api-key.entity.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import {
  RESERVED_KEY_NAME,
  displayPrefix,
  generateApiKey,
  hashApiKey,
  parseDuration,
} from './issued-key.js';

/** npm run keys (docs/api-keys.md); runs the compiled file, so it works in the production image. */
const USAGE = [
  'usage: npm run keys -- create --name <name> [--store] [--scope read|write] [--expires-in ' +
    '<n>(s|m|h|d)] [--rate-limit <n>]',
  '       npm run keys -- list',
  '       npm run keys -- revoke <name>',
  '       npm run keys -- roll <name> [--overlap <n>(s|m|h|d)]',
  '       npm run keys -- set-scope <name> --scope read|write',
  '       npm run keys -- set-kind <name> --kind store|partner',
].join('\n');

/** What each command takes: its options (single-valued; --store a flag) and how many names. */
const COMMANDS = {
  create: { options: ['name', 'store', 'scope', 'expires-in', 'rate-limit'], names: 0 },
  list: { options: [], names: 0 },
  revoke: { options: [], names: 1 },
  roll: { options: ['overlap'], names: 1 },
  'set-scope': { options: ['scope'], names: 1 },
  'set-kind': { options: ['kind'], names: 1 },
} as const satisfies Record<string, { options: readonly string[]; names: number }>;

type Command = keyof typeof COMMANDS;
type Options = Partial<
  Record<Exclude<(typeof COMMANDS)[Command]['options'][number], 'store'>, string>
> & { store?: boolean };
const FLAGS: ReadonlySet<string> = new Set(['store']);

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

function usageError(problem: string): CliError {
  return new CliError(`${problem}\n${USAGE}`, 2);
}

async function main(argv: string[]): Promise<void> {
  const { command, options, names } = parseCommandLine(argv);
  const create = command === 'create' ? createRequest(options) : undefined;
  const environmentNames = environmentKeyNames();
  if (create && environmentNames.has(create.name.toLowerCase())) {
    throw new CliError(
      `a key named "${create.name}" exists already (an API_KEYS entry); choose another name`,
      3,
    );
  }

  const dataSource = await (await cliDataSource()).initialize();
  try {
    if (await dataSource.showMigrations())
      throw new CliError(
        'the database has pending migrations: run `npm run migration:run` first',
        1,
      );
    const keys = new ApiKeysRepository(
      dataSource.getRepository(ApiKeyEntity),
      dataSource.getRepository(ApiKeysRevisionEntity),
      new DatabaseAccess(dataSource),
    );
    if (create) {
      const key = generateApiKey();
      const now = new Date();
      const stored = await keys.insert({
        name: create.name,
        keyHash: hashApiKey(key),
        prefix: displayPrefix(key),
        scope: create.scope,
        kind: create.kind,
        rateLimit: create.rateLimit,
        createdAt: now,
        expiresAt:
          create.expiresInMs === undefined ? null : new Date(now.getTime() + create.expiresInMs),
        // Known from the start, so every instance knows whose a new key's records are.
        ownerId: apiKeyIdOf(key),
      });
      if (!stored) {
        throw new CliError(
          `a key named "${create.name}" exists already (an issued key; names are unique ` +
            `regardless of case); choose another name, or roll it for a new secret`,
          3,
        );
      }
      process.stderr.write(
        `Created the ${create.kind} key "${create.name}" (scope ${create.scope}). It is shown ` +
          `once, here; store it now:\n`,
      );
      await writeOut(`${key}\n`).catch((error: unknown) => {
        if (!isClosedPipe(error)) throw error;
        throw new CliError(
          `the key "${create.name}" was created, but standard output closed before it was ` +
            `written: revoke it and create another`,
          1,
        );
      });
    } else if (command === 'list') {
      await writeOut(table(await keys.list()));
    } else if (command === 'roll') {
      const [name] = names;
      const overlapMs = parseOverlap(options.overlap);
      if (environmentNames.has(name.toLowerCase()))
        throw new CliError(
          `"${name}" is an API_KEYS entry: change its key there (a restart applies it)`,
          4,
        );
      const key = generateApiKey();
      const previousExpiresAt = new Date(Date.now() + overlapMs);
      const rolled = await keys.roll(name, {
        keyHash: hashApiKey(key),
        prefix: displayPrefix(key),
        previousExpiresAt,
        ownerId: apiKeyOwnerIdOfName(name),
      });
      if (!rolled) throw new CliError(`no key named "${name}" that is not revoked`, 4);
      process.stderr.write(
        `Rolled the key "${name}": every instance accepts the new secret within a few seconds, ` +
          `and the previous one until ${previousExpiresAt.toISOString()}. ` +
          'Orders, Idempotency-Key records, rate limits, scope and kind stay with the name. The ' +
          'new secret is shown once, here; store it now:\n',
      );
      await writeOut(`${key}\n`).catch((error: unknown) => {
        if (!isClosedPipe(error)) throw error;
        throw new CliError(
          `the key "${name}" was rolled, but standard output closed before the new secret was ` +
            `written: roll it again`,
          1,
        );
      });
    } else if (command === 'set-kind') {
      const [name] = names;
      const kind = parseKind(options.kind);
      if (environmentNames.has(name.toLowerCase()))
        throw new CliError(
          `"${name}" is an API_KEYS entry: those are store keys; issue a partner key instead`,
          4,
        );
      if (!(await keys.setKind(name, kind)))
        throw new CliError(`no key named "${name}" that is not revoked`, 4);
      process.stderr.write(
        `The key "${name}" is a ${kind} key now, on every instance within a few seconds.\n`,
      );
    } else if (command === 'set-scope') {
      const [name] = names;
      const scope = parseScope(options.scope, true);
      if (environmentNames.has(name.toLowerCase()))
        throw new CliError(
          `"${name}" is an API_KEYS entry: its scope is set there (name:key:${scope})`,
          4,
        );
      if (!(await keys.setScope(name, scope)))
        throw new CliError(`no key named "${name}" that is not revoked`, 4);
      process.stderr.write(
        `The key "${name}" has the ${scope} scope now, on every instance within a few seconds.\n`,
      );
    } else {
      const [name] = names;
      if (!(await keys.revoke(name, new Date())))
        throw new CliError(`no key named "${name}" that is not revoked already`, 4);
      process.stderr.write(
        `Revoked the key "${name}": every instance refuses it within a few seconds.\n`,
      );
    }
  } finally {
    await dataSource.destroy();
  }
}

/** Strict: unknown commands and options, repeated options or extra names are usage errors. */
function parseCommandLine(argv: string[]): { command: Command; options: Options; names: string[] } {
  const [command, ...rest] = argv;
  if (!Object.hasOwn(COMMANDS, command ?? ''))
    throw usageError(`unknown command "${command ?? ''}"`);
  const { options: taken, names: nameCount } = COMMANDS[command as Command];
  let parsed: ReturnType<
    typeof parseArgs<{
      args: string[];
      strict: true;
      allowPositionals: true;
      tokens: true;
      options: Record<string, { type: 'string' | 'boolean' }>;
    }>
  >;
  try {
    parsed = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: true,
      tokens: true,
      options: Object.fromEntries(
        taken.map((name) => [
          name,
          { type: FLAGS.has(name) ? ('boolean' as const) : ('string' as const) },
        ]),
      ),
    });
  } catch (error) {
    const unknown = /Unknown option '([^']+)'/.exec(
      error instanceof Error ? error.message : '',
    )?.[1];
    const takes =
      taken.length === 0
        ? 'takes no option'
        : `takes ${taken.map((name) => `--${name}`).join(', ')}`;
    if (unknown !== undefined)
      throw usageError(`${command}: unknown option ${unknown}; ${command} ${takes}`);
    throw usageError(`${command}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name))
      throw usageError(`${command}: --${token.name} is given more than once`);
    seen.add(token.name);
  }
  if (parsed.positionals.length !== nameCount) {
    throw usageError(
      nameCount === 0
        ? `${command} takes no name, got "${parsed.positionals[0]}"`
        : `${command} takes one key name`,
    );
  }
  return { command: command as Command, options: parsed.values, names: parsed.positionals };
}

/** --scope: read or write; left out on create it is write, as before scopes existed. */
function parseScope(value: string | undefined, required: boolean): ApiKeyScope {
  if (value === undefined && !required) return ApiKeyScope.WRITE;
  if (value === ApiKeyScope.READ || value === ApiKeyScope.WRITE) return value;
  if (value === undefined)
    throw usageError('set-scope needs --scope: read (GET and HEAD only) or write (everything)');
  throw usageError(
    `--scope must be read (GET and HEAD only) or write (everything); got ${JSON.stringify(value)}`,
  );
}

/** How long roll keeps accepting the secret it replaces, unless --overlap says otherwise. */
export const DEFAULT_OVERLAP_MS = 24 * 3_600_000;

function parseOverlap(value: string | undefined): number {
  if (value === undefined) return DEFAULT_OVERLAP_MS;
  const overlapMs = parseDuration(value);
  if (overlapMs === undefined)
    throw usageError(
      `--overlap must be a whole number and a unit, s, m, h or d (such as 24h); got ${JSON.stringify(value)}`,
    );
  return overlapMs;
}

/** --kind of set-kind: store or partner. */
function parseKind(value: string | undefined): ApiKeyKind {
  if (value === ApiKeyKind.STORE || value === ApiKeyKind.PARTNER) return value;
  if (value === undefined)
    throw usageError(
      'set-kind needs --kind: store (every order) or partner (the orders it placed)',
    );
  throw usageError(
    `--kind must be store (every order) or partner (the orders it placed); got ${JSON.stringify(value)}`,
  );
}

function createRequest(options: Options): {
  name: string;
  kind: ApiKeyKind;
  scope: ApiKeyScope;
  expiresInMs?: number;
  rateLimit: number | null;
} {
  const name = options.name;
  if (name === undefined || !API_KEY_NAME.test(name))
    throw usageError(
      `--name must be 1 to 64 letters, digits, ".", "_" or "-"; got ${JSON.stringify(name ?? '')}`,
    );
  if (RESERVED_KEY_NAME.test(name))
    throw usageError(
      `--name "${name}" is reserved for keys of API_KEYS (unnamed entries are key-1, key-2, …; ` +
        `a generated one is "generated")`,
    );
  const expiresIn = options['expires-in'];
  const expiresInMs = expiresIn === undefined ? undefined : parseDuration(expiresIn);
  if (expiresIn !== undefined && expiresInMs === undefined)
    throw usageError(
      `--expires-in must be a whole number and a unit, s, m, h or d (such as 90d); got ${JSON.stringify(expiresIn)}`,
    );
  const limitText = options['rate-limit'];
  const rateLimit =
    limitText === undefined ? null : /^[1-9][0-9]{0,8}$/.test(limitText) ? Number(limitText) : NaN;
  if (Number.isNaN(rateLimit))
    throw usageError(
      `--rate-limit must be a whole number of requests per window, 1 or more; got ${JSON.stringify(limitText)}`,
    );
  // A partner key unless --store: least privilege by default.
  return {
    name,
    kind: options.store ? ApiKeyKind.STORE : ApiKeyKind.PARTNER,
    scope: parseScope(options.scope, false),
    expiresInMs,
    rateLimit,
  };
}

/** API_KEYS names in lower case: key names are unique across both kinds, regardless of case. */
function environmentKeyNames(): Set<string> {
  try {
    return new Set((parseApiKeys(process.env.API_KEYS) ?? []).map((key) => key.name.toLowerCase()));
  } catch (error) {
    if (error instanceof ConfigValidationError)
      throw new CliError(`configuration error: ${error.message}`, 1);
    throw error;
  }
}

/** One row per secret: a key's current one, and below it a rolled one while it overlaps. */
function table(keys: ApiKeyEntity[]): string {
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
function writeOut(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.once('error', reject);
    process.stdout.write(text, (error) => {
      process.stdout.off('error', reject);
      if (error) reject(error);
      else resolve();
    });
  });
}

function isClosedPipe(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EPIPE';
}

// A reader that stops early (`keys list | head`) is not an error of the list: exit 0, quietly.
process.stdout.on('error', () => undefined);
try {
  await main(process.argv.slice(2));
} catch (error) {
  if (!isClosedPipe(error)) {
    process.stderr.write(`keys: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
  }
}
