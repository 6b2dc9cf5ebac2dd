import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../../src/app.module.js';
import { NEST_APPLICATION_OPTIONS, configureApp } from '../../src/app.setup.js';
import { parseJson } from '../../src/common/json/exact-json.codec.js';

export const API_KEY = 'e2e-key-0123456789';
export const OTHER_API_KEY = 'e2e-other-key-0123';
export const AUTH = { Authorization: `Bearer ${API_KEY}` };

/** The real application, built and configured exactly as main.ts does, on the given database. */
export async function startApp(databaseUrl: string, env: Record<string, string> = {}): Promise<NestExpressApplication> {
  const appEnv = { DATABASE_URL: databaseUrl, API_KEYS: `${API_KEY},${OTHER_API_KEY}`, LOG_LEVEL: 'silent', ...env };
  const app = await NestFactory.create<NestExpressApplication>(await AppModule.forRoot(appEnv), { ...NEST_APPLICATION_OPTIONS, logger: false });
  configureApp(app);
  await app.init();
  return app;
}

/** Parses a response body keeping int64 values exact (bigint above 2^53). */
export function exactJson(text: string): any {
  return parseJson(text);
}
