import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { loadAuthConfig, type AuthConfig } from '../common/auth/auth.config.js';
import { APP_CONFIG, loadAppConfig, type AppConfig } from './app.config.js';
import type { Env } from './env.js';

/**
 * What ConfigService holds: the validated configuration under one key. @nestjs/config copies a
 * validated config's top-level strings and numbers into process.env; under `app` nothing is copied.
 */
export interface ValidatedEnv {
  app: AppConfig;
  /** Auth's own settings (API_KEYS): `config.get('auth', { infer: true })`. */
  auth: AuthConfig;
}

/**
 * Typed access to the validated configuration: `config.get<AppConfig>('app')`,
 * `config.get('app.rateLimit', { infer: true })`.
 */
export type AppConfigService = ConfigService<ValidatedEnv, true>;

/**
 * The environment, read once by @nestjs/config and validated before Nest starts: a bad value stops
 * start-up with one line naming the variable and what is allowed.
 */
@Global()
@Module({})
export class AppConfigModule {
  /**
   * Validates when called, so a bad value is reported before Nest starts (one line, no stack).
   * `env`: validate this environment instead of the process's (tests, npm run openapi).
   */
  static async forRoot(env?: Env): Promise<DynamicModule> {
    const configModule = await ConfigModule.forRoot({
      ignoreEnvFile: true,
      cache: true,
      validatePredefined: env === undefined,
      validate: (variables): ValidatedEnv => {
        const source = env ?? (variables as Env);
        const auth = loadAuthConfig(source);
        return { auth, app: loadAppConfig(source, auth) };
      },
    });
    return {
      module: AppConfigModule,
      imports: [configModule],
      providers: [
        {
          provide: APP_CONFIG,
          inject: [ConfigService],
          useFactory: (config: AppConfigService) => config.get<AppConfig>('app'),
        },
      ],
      exports: [ConfigModule, APP_CONFIG],
    };
  }
}
