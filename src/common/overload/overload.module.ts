import { Module } from '@nestjs/common';
import { LoadShedder } from './load-shedder.js';

/** Load shedding: the LoadShedder that app.setup puts in front of every route, and /metrics reads. */
@Module({ providers: [LoadShedder], exports: [LoadShedder] })
export class OverloadModule {}
