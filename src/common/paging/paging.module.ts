import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { KeysetCursorCodec } from './keyset-cursor.codec.js';
import { KeysetPaging } from './keyset-paging.js';

/** Keyset paging for a feature module, cursors keyed by CURSOR_SECRET. */
@Module({
  providers: [
    {
      provide: KeysetCursorCodec,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new KeysetCursorCodec(config.cursorSecret),
    },
    KeysetPaging,
  ],
  exports: [KeysetPaging],
})
export class PagingModule {}
