import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse } from '@nestjs/swagger';
import { ApiErrorResponses } from '../common/errors/api-error-responses.decorator.js';
import { deprecationHeadersDoc } from '../common/http/deprecation.middleware.js';
import { goneResponseDoc } from '../common/http/sunset.guard.js';
import { nextPageLinkHeaderDoc } from '../common/paging/keyset-paging.js';
import { IDEMPOTENT_REPLAY_HEADERS } from '../idempotency/idempotent.decorator.js';
import {
  IDEMPOTENCY_KEY_IN_USE_RESPONSE,
  IDEMPOTENCY_KEY_REUSED_RESPONSE,
} from '../idempotency/idempotency.errors.js';
import { CreatePetDto } from './dto/create-pet.dto.js';
import { PetDto } from './dto/pet.dto.js';
import { GET_PET_DEPRECATION } from './pets.deprecation.js';

// The OpenAPI description of each pets operation, one composite decorator each (applyDecorators).

const DEPRECATION_HEADERS = deprecationHeadersDoc(GET_PET_DEPRECATION);
const DEPRECATION_HEADERS_ON_400 = deprecationHeadersDoc(GET_PET_DEPRECATION, false);
const PET_NOT_FOUND = {
  status: 404,
  description: 'No animal has this id: `NOT_FOUND`.',
  code: 'NOT_FOUND',
  message: 'No pet with id 42.',
};

export function ApiListPets() {
  return applyDecorators(
    ApiOperation({
      operationId: 'listPets',
      summary: 'List all animals',
      description:
        'Returns a page of animals in ascending id order, optionally filtered by status. When ' +
        'more may follow, ' +
        'the `Link` header has a `rel="next"` URL for the next page; the last page has none. ' +
        'Following the links ' +
        'returns every animal exactly once, also while others add animals.',
    }),
    ApiResponse({
      status: 200,
      description: 'A page of animals.',
      type: PetDto,
      isArray: true,
      headers: nextPageLinkHeaderDoc(
        '</v1/pets?limit=20&status=available&cursor=AAAAAAAAABQw7Bq4xT3B0gP4m1yQ9zvL>; rel="next"',
      ),
    }),
    ApiErrorResponses([400, 401, 429, 500, 503]),
  );
}

export function ApiCreatePet() {
  return applyDecorators(
    ApiOperation({ operationId: 'createPet', summary: 'Add an animal' }),
    ApiBody({
      type: CreatePetDto,
      required: true,
      description: 'The animal to add, as application/json (at most 16 KiB).',
    }),
    ApiResponse({
      status: 201,
      description: 'Animal added; the body carries the assigned id.',
      type: PetDto,
      headers: {
        Location: {
          description: 'Path of the new animal: /v1/pets/{id}.',
          required: true,
          schema: { type: 'string', example: '/v1/pets/10' },
        },
        ...IDEMPOTENT_REPLAY_HEADERS,
      },
    }),
    ApiErrorResponses([
      400,
      401,
      408,
      IDEMPOTENCY_KEY_IN_USE_RESPONSE,
      413,
      415,
      IDEMPOTENCY_KEY_REUSED_RESPONSE,
      429,
      500,
      503,
      504,
    ]),
  );
}

export function ApiGetPet() {
  return applyDecorators(
    ApiOperation({
      operationId: 'getPet',
      summary: 'Get an animal (deprecated)',
      deprecated: true,
      description:
        'Returns details for one animal. **Deprecated:** removal is announced for 5 December ' +
        '2030. ' +
        'The replacement is `GET /pets` with the `status` filter. Its responses carry ' +
        'Deprecation, Sunset and Link headers (all but a 400 for a path that is not valid ' +
        'percent-encoding). ' +
        'From the Sunset instant on (5 December 2030, 00:00 UTC) it answers 410 `GONE`, after ' +
        'the key check.',
    }),
    ApiParam({
      name: 'petId',
      description: 'Identifier of the animal to retrieve.',
      schema: { type: 'integer', format: 'int64' },
    }),
    ApiResponse({
      status: 200,
      description: 'The requested animal.',
      type: PetDto,
      headers: DEPRECATION_HEADERS,
    }),
    ApiErrorResponses([400], DEPRECATION_HEADERS_ON_400),
    ApiErrorResponses(
      [401, PET_NOT_FOUND, goneResponseDoc(GET_PET_DEPRECATION), 429, 500, 503],
      DEPRECATION_HEADERS,
    ),
  );
}
