import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { STORED_API_KEYS } from '../common/auth/api-key.verifier.js';
import { ApiKeyEntity, ApiKeysRevisionEntity } from './api-key.entity.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { StoredApiKeys } from './stored-api-keys.js';

/**
 * API keys issued with `npm run keys` (api-keys.cli.ts) and stored as hashes in api_keys;
 * ApiKeyGuard accepts them after those of API_KEYS, through STORED_API_KEYS. Its table and
 * migration live here.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity, ApiKeysRevisionEntity])],
  providers: [
    ApiKeysRepository,
    StoredApiKeys,
    { provide: STORED_API_KEYS, useExisting: StoredApiKeys },
  ],
  exports: [STORED_API_KEYS],
})
export class ApiKeysModule {}
