import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE, RouterModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { ApiKeyScopeGuard } from './common/auth/api-key-scope.js';
import { ApiKeyGuard } from './common/auth/api-key.guard.js';
import { PublicRoutes } from './common/auth/public-routes.js';
import { RateLimitGuard } from './common/rate-limit/rate-limit.guard.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { ErrorResponseFilter } from './common/errors/error-response.filter.js';
import { API_PREFIX } from './common/http/api-prefix.js';
import { JsonBodyGuard } from './common/http/json-body.js';
import { OverloadModule } from './common/overload/overload.module.js';
import { SunsetGuard } from './common/http/sunset.guard.js';
import { RouteMetadataReflector } from './common/memo/route-metadata.js';
import { Clock } from './common/time/clock.js';
import { AppValidationPipe } from './common/validation/app-validation.pipe.js';
import { QueryParametersGuard } from './common/validation/query-parameters.guard.js';
import { AppConfigModule } from './config/app-config.module.js';
import type { Env } from './config/env.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { LoggingModule } from './logging/logging.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PetsModule } from './pets/pets.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** The features, each a self-contained module served under /v1: adding one is one entry here. */
const FEATURES = [PetsModule, OrdersModule, WebhooksModule];

@Module({})
export class AppModule {
  /** `env`: the environment to validate instead of the process's (tests, npm run openapi). */
  static async forRoot(env?: Env): Promise<DynamicModule> {
    return {
      module: AppModule,
      imports: [
        await AppConfigModule.forRoot(env),
        LoggingModule,
        DatabaseModule.forRoot(),
        // Periodic work (@Interval on a provider's method), stopped on shutdown: docs/maintainers.md.
        ScheduleModule.forRoot(),
        // Load shedding, in front of every route but the probes and /metrics (app.setup.ts).
        OverloadModule,
        RateLimitModule,
        // Issued API keys (api_keys), accepted by ApiKeyGuard beside API_KEYS.
        ApiKeysModule,
        HealthModule,
        MetricsModule,
        ...FEATURES,
        // The /v1 prefix is a module path, not a global prefix, so Nest's JSON 404 covers every
        // path.
        RouterModule.register([{ path: API_PREFIX, children: FEATURES }]),
      ],
      providers: [
        // Reflector remembering each route's metadata: the global guards read it on every request.
        RouteMetadataReflector,
        PublicRoutes,
        ApiKeyGuard,
        Clock,
        // In this order: the key first, then its rate limit, its scope, an operation past its
        // sunset, then the query, then the body.
        { provide: APP_GUARD, useExisting: ApiKeyGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: ApiKeyScopeGuard },
        { provide: APP_GUARD, useClass: SunsetGuard },
        { provide: APP_GUARD, useClass: QueryParametersGuard },
        { provide: APP_GUARD, useClass: JsonBodyGuard },
        { provide: APP_PIPE, useClass: AppValidationPipe },
        { provide: APP_FILTER, useClass: ErrorResponseFilter },
      ],
    };
  }
}
