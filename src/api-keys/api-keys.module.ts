import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { STORED_API_KEYS } from '../common/auth/api-key.verifier.js';
import { Clock } from '../common/time/clock.js';
import { ApiKeyStandings } from './api-key-standings.js';
import { ApiKeyEntity, ApiKeysRevisionEntity } from './api-key.entity.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { StoredApiKeys } from './stored-api-keys.js';

/** Issued API keys (npm run keys), stored as hashes; ApiKeyGuard accepts them after API_KEYS. */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity, ApiKeysRevisionEntity])],
  providers: [
    ApiKeysRepository,
    StoredApiKeys,
    { provide: STORED_API_KEYS, useExisting: StoredApiKeys },
    ApiKeyStandings,
    // Expiries are judged by the service's clock (a test moves it).
    Clock,
  ],
  // ApiKeyStandings: what a key may do now, for what acts on its behalf (webhook endpoints).
  exports: [STORED_API_KEYS, ApiKeyStandings],
})
export class ApiKeysModule {}
