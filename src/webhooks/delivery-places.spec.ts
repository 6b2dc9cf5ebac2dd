import { describe, expect, it } from '@jest/globals';
import { DeliveryPlaces, ENDPOINT_MAX_HELD, MAX_HELD, OWNER_MAX_HELD } from './delivery-places.js';

/** Claims and places `count` deliveries for the endpoint while it has room; how many went. */
function fill(places: DeliveryPlaces, endpointId: bigint, owner: string, count: number): number {
  let placed = 0;
  for (; placed < count && places.hasRoom(endpointId, owner); placed++) {
    places.claim(1);
    places.place(endpointId, owner);
  }
  return placed;
}

describe('DeliveryPlaces', () => {
  it("gives one owner's endpoints together a quarter of the places, and leaves them out of claims when full", () => {
    const places = new DeliveryPlaces();
    let placed = 0;
    // 16 hanging endpoints of one partner, each with far more due than its share.
    for (let endpoint = 1n; endpoint <= 16n; endpoint++)
      placed += fill(places, endpoint, 'flooder', 1_000);
    expect(placed).toBe(OWNER_MAX_HELD);
    // The endpoints that found no room were claimed once and handed back: now known too.
    for (let endpoint = 3n; endpoint <= 16n; endpoint++) places.remember(endpoint, 'flooder');
    expect(places.free).toBe(MAX_HELD - OWNER_MAX_HELD);
    const excluded = places.excluded();
    // Every endpoint of the full owner this instance knows of, and no other.
    expect(new Set(excluded)).toEqual(new Set(Array.from({ length: 16 }, (_, i) => BigInt(i + 1))));
    // Another owner still finds room, endpoint by endpoint.
    expect(places.hasRoom(100n, 'quiet')).toBe(true);
    expect(fill(places, 100n, 'quiet', 5)).toBe(5);
    expect(places.excluded()).not.toContain(100n);
  });

  it('gives one endpoint two connections’ worth, and takes its places back as deliveries leave', () => {
    const places = new DeliveryPlaces();
    expect(fill(places, 7n, 'shop', 1_000)).toBe(ENDPOINT_MAX_HELD);
    expect(places.excluded()).toEqual([7n]);
    expect(places.wantsMore(7n)).toBe(false);
    places.leave(7n, 'shop');
    expect(places.heldFor(7n)).toBe(ENDPOINT_MAX_HELD - 1);
    expect(places.excluded()).toEqual([]);
    expect(places.free).toBe(MAX_HELD - ENDPOINT_MAX_HELD + 1);
    // A claim is worth making once half its places are free, not for each one.
    expect(places.wantsMore(7n)).toBe(false);
    while (places.heldFor(7n) > ENDPOINT_MAX_HELD / 2) places.leave(7n, 'shop');
    expect(places.wantsMore(7n)).toBe(true);
  });

  it('counts claimed deliveries not yet placed against the instance only', () => {
    const places = new DeliveryPlaces();
    places.claim(64);
    expect(places.free).toBe(MAX_HELD - 64);
    expect(places.excluded()).toEqual([]);
    for (let count = 0; count < 64; count++) places.unclaim();
    expect(places.free).toBe(MAX_HELD);
  });

  it('chooses, of the deliveries read for a claim, those that fit their endpoint and owner', () => {
    const places = new DeliveryPlaces();
    fill(places, 1n, 'flooder', ENDPOINT_MAX_HELD - 2);
    fill(places, 2n, 'flooder', ENDPOINT_MAX_HELD);
    places.remember(3n, 'flooder');
    const due = [
      ...Array.from({ length: 10 }, () => ({ endpointId: 1n })),
      ...Array.from({ length: 40 }, () => ({ endpointId: 3n })),
      ...Array.from({ length: 5 }, () => ({ endpointId: 9n })),
    ];
    const chosen = places.fitting(due);
    const count = (endpointId: bigint) =>
      chosen.filter((delivery) => delivery.endpointId === endpointId).length;
    // Endpoint 1 has two places left, which bring its owner to its share: nothing on endpoint 3.
    // The endpoint of an owner not known yet takes what fits it.
    expect(count(1n)).toBe(2);
    expect(2 * ENDPOINT_MAX_HELD).toBe(OWNER_MAX_HELD);
    expect(count(3n)).toBe(0);
    expect(count(9n)).toBe(5);
    // Read in due order: nothing later is chosen over something earlier of the same endpoint.
    expect(chosen.map((delivery) => due.indexOf(delivery))).toEqual(
      [...chosen.map((delivery) => due.indexOf(delivery))].sort((a, b) => a - b),
    );
  });
});
