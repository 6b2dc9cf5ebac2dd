import { validate } from 'class-validator';
import { IsDistinctListOf } from '../common/validation/field.decorators.js';
import type { EventEntity } from './event.entity.js';
import {
  WithEventTypes,
  eventTypes,
  registerEventFamily,
  renderEvent,
  type EventFamily,
} from './event-catalog.js';

const family = (name: string, types: string[]): EventFamily => ({
  types,
  render: (event, id) => ({ id, family: name, type: event.type }),
  feed: { resynchronise: `list${name}` },
  webhook: { name, operationId: `${name}Webhook`, summary: '', ordering: '', schema: name },
});

const event = (type: string) => ({ type }) as EventEntity;

describe('event catalog', () => {
  // Declared before any family registers, as a DTO may be when its file loads first.
  const seen: string[][] = [];
  class Subscription {
    @WithEventTypes((types) => {
      seen.push([...types]);
      return () => undefined;
    })
    @IsDistinctListOf(eventTypes())
    eventTypes: unknown;
  }

  it('applies a decorator made from the types again whenever a family registers', async () => {
    expect(seen).toEqual([[]]);
    registerEventFamily(family('pet', ['pet.born', 'pet.sold']));
    registerEventFamily(family('toy', ['toy.made']));
    expect(seen).toEqual([[], ['pet.born', 'pet.sold'], ['pet.born', 'pet.sold', 'toy.made']]);

    // Validation reads the types when it runs, and says them.
    const accepted = Object.assign(new Subscription(), { eventTypes: ['toy.made', 'pet.born'] });
    expect(await validate(accepted)).toEqual([]);
    const refused = Object.assign(new Subscription(), { eventTypes: ['pet.lost'] });
    const [error] = await validate(refused);
    expect(Object.values(error.constraints!)).toEqual([
      'eventTypes must be a non-empty array of distinct values, each one of pet.born, pet.sold, ' +
        'toy.made; got an array',
    ]);
  });

  it('renders an event as its own family shows it, and refuses a type no family has', () => {
    expect(renderEvent(event('toy.made'), 'evt_1')).toEqual({
      id: 'evt_1',
      family: 'toy',
      type: 'toy.made',
    });
    expect(() => renderEvent(event('car.sold'), 'evt_2')).toThrow(/car\.sold/);
  });

  it('refuses a family that names a type registered already', () => {
    expect(() => registerEventFamily(family('pets2', ['pet.sold']))).toThrow(/registered already/);
    expect(eventTypes()).toEqual(['pet.born', 'pet.sold', 'toy.made']);
  });
});
