import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module.js';
import { NEST_APPLICATION_OPTIONS, configureApp } from '../../src/app.setup.js';
import { PrototypedExpressAdapter } from '../../src/common/http/prototyped-express.adapter.js';
import { parseJson } from '../../src/common/json/exact-json.codec.js';
import { Clock } from '../../src/common/time/clock.js';

export const API_KEY = 'e2e-key-0123456789';
export const OTHER_API_KEY = 'e2e-other-key-0123';
export const AUTH = { Authorization: `Bearer ${API_KEY}` };

/**
 * The real application, built and configured exactly as main.ts does (its adapter too), on the
 * given database; with `clock` or `overrides`, Nest's testing module puts them in place of those
 * providers (the Clock: the only way to move time; the webhooks' resolver: the only way to control
 * DNS).
 */
export async function startApp(
  databaseUrl: string,
  env: Record<string, string> = {},
  { clock, overrides = [] }: { clock?: Clock; overrides?: [token: unknown, value: unknown][] } = {},
): Promise<NestExpressApplication> {
  const appEnv = {
    DATABASE_URL: databaseUrl,
    API_KEYS: `${API_KEY},${OTHER_API_KEY}`,
    LOG_LEVEL: 'silent',
    // The test's own work shares this event loop (a CLI run with spawnSync blocks it for a second):
    // its delay is not the app's load. Shedding is tested on compiled instances
    // (test/overload.e2e-spec.ts) and in the unit specs of src/common/overload.
    OVERLOAD_SHEDDING: 'false',
    ...env,
  };
  const options = { ...NEST_APPLICATION_OPTIONS, logger: false as const };
  const replaced: [unknown, unknown][] = clock ? [[Clock, clock], ...overrides] : overrides;
  let app: NestExpressApplication;
  if (replaced.length === 0)
    app = await NestFactory.create<NestExpressApplication>(
      await AppModule.forRoot(appEnv),
      new PrototypedExpressAdapter(),
      options,
    );
  else {
    const builder = Test.createTestingModule({ imports: [await AppModule.forRoot(appEnv)] });
    for (const [token, value] of replaced) builder.overrideProvider(token).useValue(value);
    app = (await builder.compile()).createNestApplication<NestExpressApplication>(
      new PrototypedExpressAdapter(),
      options,
    );
  }
  configureApp(app);
  await app.init();
  return app;
}

/** Parses a response body keeping int64 values exact (bigint above 2^53). */
export function exactJson(text: string): any {
  return parseJson(text);
}
