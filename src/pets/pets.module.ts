import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { deprecateGet } from '../common/http/deprecation.middleware.js';
import { PagingModule } from '../common/paging/paging.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { GET_PET_DEPRECATION } from './pets.deprecation.js';
import { PetEntity } from './pet.entity.js';
import { PetsController } from './pets.controller.js';
import { PetsRepository } from './pets.repository.js';
import { PetsService } from './pets.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PetEntity]), PagingModule, IdempotencyModule],
  controllers: [PetsController],
  providers: [PetsService, PetsRepository],
})
export class PetsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    deprecateGet(consumer, `${API_PREFIX}/pets/:petId`, GET_PET_DEPRECATION);
  }
}
