import { ConfigService } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { AppConfigModule, type AppConfigService } from './app-config.module.js';
import { APP_CONFIG, type AppConfig } from './app.config.js';
import { ConfigValidationError } from './config-validation.error.js';

describe('AppConfigModule (@nestjs/config)', () => {
  it('validates the given environment once and gives typed access through ConfigService and APP_CONFIG', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        await AppConfigModule.forRoot({
          API_KEYS: 'partner:secret-key-0123456789',
          RATE_LIMIT: '7',
          DATABASE_URL: 'sqlite::memory:',
        }),
      ],
    }).compile();
    const config = moduleRef.get<AppConfigService>(ConfigService);
    expect(config.get('app.rateLimit', { infer: true })).toBe(7);
    expect(config.get('auth.apiKeys', { infer: true })).toEqual([
      { name: 'partner', key: 'secret-key-0123456789', scope: 'write' },
    ]);
    const appConfig = moduleRef.get<AppConfig>(APP_CONFIG);
    expect(appConfig).toBe(config.get('app', { infer: true }));
    expect(appConfig.database).toEqual({ type: 'sqlite', database: ':memory:' });
    // Nothing of the validated configuration is copied into the process environment.
    expect(process.env.app).toBeUndefined();
    expect(process.env.rateLimit).toBeUndefined();
    await moduleRef.close();
  });

  it('rejects a bad value before any module is created, naming the variable', async () => {
    await expect(AppConfigModule.forRoot({ RATE_LIMIT: '0' })).rejects.toThrow(
      new ConfigValidationError('RATE_LIMIT', 'must be an integer from 1 to 100000000, got "0"'),
    );
  });
});
