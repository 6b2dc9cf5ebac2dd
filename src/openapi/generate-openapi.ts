import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module.js';
import { NEST_APPLICATION_OPTIONS } from '../app.setup.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { buildOpenApiDocument } from './openapi.document.js';

/** `npm run openapi`: the document, independent of the caller's environment. */
export async function writeOpenApiFile(path: string): Promise<void> {
  const env = { DATABASE_URL: 'sqlite::memory:', API_KEYS: 'openapi-generator' };
  const app = await NestFactory.create<NestExpressApplication>(await AppModule.forRoot(env), {
    ...NEST_APPLICATION_OPTIONS,
    logger: false,
  });
  try {
    writeFileSync(
      path,
      `${JSON.stringify(buildOpenApiDocument(app, app.get<AppConfig>(APP_CONFIG)), null, 2)}\n`,
    );
  } finally {
    await app.close();
  }
}

await writeOpenApiFile(process.argv[2] ?? 'openapi.json');
