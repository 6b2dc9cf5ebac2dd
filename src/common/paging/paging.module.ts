import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { KeysetCursorCodec } from './keyset-cursor.codec.js';

/** Keyset paging for every module: one cursor codec keyed by the configured cursor secret. */
@Global()
@Module({
  providers: [{ provide: KeysetCursorCodec, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new KeysetCursorCodec(config.cursorSecret) }],
  exports: [KeysetCursorCodec],
})
export class PagingModule {}
