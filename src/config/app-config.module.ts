import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { loadAuthConfig, type AuthConfig } from '../common/auth/auth.config.js';
import { APP_CONFIG, loadAppConfig, type AppConfig } from './app.config.js';
import type { Env } from './env.js';

/** What ConfigService holds; nothing under `app` or `auth` is copied into process.env. */
export interface ValidatedEnv {
  app: AppConfig;
  /** Auth's own settings (API_KEYS): `config.get('auth', { infer: true })`. */
  auth: AuthConfig;
}

/** Typed access: `config.get('app.rateLimit', { infer: true })`. */
export type AppConfigService = ConfigService<ValidatedEnv, true>;

/** The environment, read and validated once before Nest starts. */
@Global()
@Module({})
export class AppConfigModule {
  /** Validates when called, so a bad value stops start-up in one line; `env` for tests. */
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
