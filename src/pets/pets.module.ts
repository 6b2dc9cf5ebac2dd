import { MiddlewareConsumer, Module, RequestMethod, type NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { deprecationHeaders } from '../common/http/deprecation.middleware.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { PetEntity } from './pet.entity.js';
import { PetsController } from './pets.controller.js';
import { PetsRepository } from './pets.repository.js';
import { PetsService } from './pets.service.js';

/** getPet is deprecated; removal is announced for 5 December 2030, GET /pets with the status filter replaces it. */
export const GET_PET_DEPRECATION = {
  deprecatedAt: new Date('2026-11-22T00:00:00Z'),
  sunsetAt: new Date('2030-12-05T00:00:00Z'),
  documentationUrl: '/docs#/pets/getPet',
  alternateUrl: `/${API_PREFIX}/pets`,
};

@Module({
  imports: [TypeOrmModule.forFeature([PetEntity])],
  controllers: [PetsController],
  providers: [PetsService, PetsRepository],
})
export class PetsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(deprecationHeaders(GET_PET_DEPRECATION)).forRoutes({ path: `${API_PREFIX}/pets/:petId`, method: RequestMethod.GET });
  }
}
