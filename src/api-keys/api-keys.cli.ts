import 'reflect-metadata';
import { DatabaseAccess } from '../database/database-access.js';
import { cliDataSource } from '../database/cli-data-source.js';
import { hasPendingMigrations } from '../database/pending-migrations.js';
import { apiKeyIdOf, apiKeyOwnerIdOfName } from '../common/auth/api-key.verifier.js';
import { ApiKeyEntity, ApiKeysRevisionEntity } from './api-key.entity.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { displayPrefix, generateApiKey, hashApiKey } from './issued-key.js';
import {
  CliError,
  createRequest,
  environmentKeyNames,
  parseCommandLine,
  parseKind,
  parseOverlap,
  parseScope,
} from './api-keys-cli.arguments.js';
import { isClosedPipe, table, writeOut } from './api-keys-cli.output.js';

/** npm run keys (docs/api-keys.md); runs the compiled file, so it works in the production image. */
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
    if (await hasPendingMigrations(dataSource))
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
