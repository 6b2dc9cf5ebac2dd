import { responseRecording } from '../common/http/response-recording.fixture.js';
import { jsonInt64 } from '../common/int64/int64.js';
import type { Page } from '../common/paging/keyset-paging.js';
import type { PetDto } from './dto/pet.dto.js';
import { PetStatus } from './pet-status.enum.js';
import { PetsController } from './pets.controller.js';
import type { PetsService } from './pets.service.js';

const REX: PetDto = {
  id: jsonInt64(9007199254740993n),
  name: 'Rex',
  categoryId: jsonInt64(2n),
  status: PetStatus.SOLD,
};

describe('PetsController', () => {
  const page: Page<PetDto> = { items: [REX], nextCursor: 'c'.repeat(32) };
  const service = {
    list: () => Promise.resolve(page),
    create: () => Promise.resolve(REX),
    get: () => Promise.resolve(REX),
  } as unknown as PetsService;
  const controller = new PetsController(service);

  it('lists a page of pets and links the next page with the filter', async () => {
    const { headers, response } = responseRecording();
    expect(await controller.list({ status: PetStatus.SOLD, limit: '1' }, response)).toEqual([REX]);
    expect(headers.Link).toBe(
      `</v1/pets?limit=1&status=sold&cursor=${'c'.repeat(32)}>; rel="next"`,
    );
  });

  it('answers a created pet with its Location', async () => {
    const { headers, response } = responseRecording();
    expect(await controller.create({ name: 'Rex', categoryId: 2 }, response)).toBe(REX);
    expect(headers.Location).toBe('/v1/pets/9007199254740993');
  });
});
