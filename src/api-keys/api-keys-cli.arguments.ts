/** The command line of `npm run keys` (api-keys.cli.ts): its commands, options and errors. */
import { parseArgs } from 'node:util';
import { parseApiKeys } from '../common/auth/auth.config.js';
import { ConfigValidationError } from '../config/config-validation.error.js';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { API_KEY_NAME } from '../common/auth/api-key-name.js';
import { ApiKeyScope } from '../common/auth/api-key-scope.enum.js';
import { RESERVED_KEY_NAME, parseDuration } from './issued-key.js';

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

export class CliError extends Error {
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

/** Strict: unknown commands and options, repeated options or extra names are usage errors. */
export function parseCommandLine(argv: string[]): {
  command: Command;
  options: Options;
  names: string[];
} {
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
export function parseScope(value: string | undefined, required: boolean): ApiKeyScope {
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

export function parseOverlap(value: string | undefined): number {
  if (value === undefined) return DEFAULT_OVERLAP_MS;
  const overlapMs = parseDuration(value);
  if (overlapMs === undefined)
    throw usageError(
      `--overlap must be a whole number from 1 to 999999 and a unit, s, m, h or d (such as 24h); got ${JSON.stringify(value)}`,
    );
  return overlapMs;
}

/** --kind of set-kind: store or partner. */
export function parseKind(value: string | undefined): ApiKeyKind {
  if (value === ApiKeyKind.STORE || value === ApiKeyKind.PARTNER) return value;
  if (value === undefined)
    throw usageError(
      'set-kind needs --kind: store (every order) or partner (the orders it placed)',
    );
  throw usageError(
    `--kind must be store (every order) or partner (the orders it placed); got ${JSON.stringify(value)}`,
  );
}

export function createRequest(options: Options): {
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
      `--expires-in must be a whole number from 1 to 999999 and a unit, s, m, h or d (such as 90d); got ${JSON.stringify(expiresIn)}`,
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
export function environmentKeyNames(): Set<string> {
  try {
    return new Set((parseApiKeys(process.env.API_KEYS) ?? []).map((key) => key.name.toLowerCase()));
  } catch (error) {
    if (error instanceof ConfigValidationError)
      throw new CliError(`configuration error: ${error.message}`, 1);
    throw error;
  }
}
