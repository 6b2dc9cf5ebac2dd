import { responseRecording } from '../../test/support/response-recording.js';
import type { Page } from '../common/paging/keyset-paging.js';
import type { PetDto } from './dto/pet.dto.js';
import { PetStatus } from './pet-status.enum.js';
import { PetsController } from './pets.controller.js';
import type { PetsService } from './pets.service.js';

const REX: PetDto = { id: 9007199254740993n, name: 'Rex', categoryId: 2n, status: PetStatus.SOLD };

describe('PetsController', () => {
  const page: Page<PetDto> = { items: [REX], nextCursor: 'c'.repeat(32) };
  const service = {
    list: () => Promise.resolve(page),
    create: () => Promise.resolve(REX),
    get: () => Promise.resolve(REX),
  } as unknown as PetsService;
  const controller = new PetsController(service);

  it('lists pets as exact JSON and links the next page with the filter', async () => {
    const { headers, response } = responseRecording();
    expect(await controller.list({ status: PetStatus.SOLD, limit: '1' }, response)).toBe(
      '[{"id":9007199254740993,"name":"Rex","categoryId":2,"status":"sold"}]',
    );
    expect(headers.Link).toBe(
      `</v1/pets?limit=1&status=sold&cursor=${'c'.repeat(32)}>; rel="next"`,
    );
  });

  it('answers a created pet with its Location', async () => {
    const { headers, response } = responseRecording();
    expect(
      JSON.parse(await controller.create({ name: 'Rex', categoryId: 2 }, response)),
    ).toMatchObject({ name: 'Rex' });
    expect(headers.Location).toBe('/v1/pets/9007199254740993');
  });

  it('gets a pet as exact JSON', async () => {
    expect(await controller.get(9007199254740993n)).toContain('"id":9007199254740993');
  });
});
