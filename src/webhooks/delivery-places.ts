import { CONNECTIONS_PER_ADDRESS } from './webhook-sender.js';

/** Deliveries one instance holds claimed at most (in flight or waiting for a connection). */
export const MAX_HELD = 256;
/** One owner's share of them: all its endpoints together, so its slow receivers slow only it. */
export const OWNER_MAX_HELD = MAX_HELD / 4;
/** One endpoint's share: its connections' worth in flight and as many waiting for one. */
export const ENDPOINT_MAX_HELD = 2 * CONNECTIONS_PER_ADDRESS;
/** Endpoints whose owner this instance remembers, for leaving a full owner's out of claims. */
const OWNERS_KNOWN_MAX = 10_000;

/** Places for claimed deliveries, per endpoint and owner: a hanging tenant fills only its share. */
export class DeliveryPlaces {
  /** Every place taken: placed with an endpoint, or claimed and not yet placed. */
  private taken = 0;
  private readonly byEndpoint = new Map<bigint, number>();
  private readonly byOwner = new Map<string, number>();
  private readonly ownerOf = new Map<bigint, string>();

  /** Places left on this instance. */
  get free(): number {
    return MAX_HELD - this.taken;
  }

  /** `count` deliveries claimed, not yet placed with their endpoints. */
  claim(count: number): void {
    this.taken += count;
  }

  /** A claimed delivery let go without being placed (handed back or dropped). */
  unclaim(): void {
    this.taken--;
  }

  /** Whether the endpoint, and its owner's endpoints together, have room for one more. */
  hasRoom(endpointId: bigint, owner: string): boolean {
    return (
      (this.byEndpoint.get(endpointId) ?? 0) < ENDPOINT_MAX_HELD &&
      (this.byOwner.get(owner) ?? 0) < OWNER_MAX_HELD
    );
  }

  /** Notes whose a claimed endpoint is, so that claims leave it out while its owner is full. */
  remember(endpointId: bigint, owner: string): void {
    if (this.ownerOf.get(endpointId) === owner) return;
    if (this.ownerOf.size >= OWNERS_KNOWN_MAX) this.ownerOf.clear();
    this.ownerOf.set(endpointId, owner);
  }

  /** A claimed delivery placed with its endpoint (hasRoom said yes). */
  place(endpointId: bigint, owner: string): void {
    this.remember(endpointId, owner);
    this.byEndpoint.set(endpointId, (this.byEndpoint.get(endpointId) ?? 0) + 1);
    this.byOwner.set(owner, (this.byOwner.get(owner) ?? 0) + 1);
  }

  /** A placed delivery done with: attempted, handed back or dropped. */
  leave(endpointId: bigint, owner: string): void {
    this.taken--;
    decrement(this.byEndpoint, endpointId);
    decrement(this.byOwner, owner);
  }

  /** Places the endpoint holds. */
  heldFor(endpointId: bigint): number {
    return this.byEndpoint.get(endpointId) ?? 0;
  }

  /** Whether the endpoint has room for a claim worth making: half its share (claims in batches). */
  wantsMore(endpointId: bigint): boolean {
    const owner = this.ownerOf.get(endpointId);
    return (
      this.heldFor(endpointId) <= ENDPOINT_MAX_HELD / 2 &&
      (owner === undefined || this.hasRoom(endpointId, owner))
    );
  }

  /**
   * Of deliveries read for a claim, oldest due first, those that fit their endpoint's and (where
   * known) their owner's room, up to the instance's: the rest stay due for a later claim.
   */
  fitting<T extends { endpointId: bigint }>(due: readonly T[]): T[] {
    const byEndpoint = new Map<bigint, number>();
    const byOwner = new Map<string, number>();
    const chosen: T[] = [];
    for (const delivery of due) {
      if (chosen.length >= this.free) break;
      const { endpointId } = delivery;
      const owner = this.ownerOf.get(endpointId);
      const endpointHeld = this.heldFor(endpointId) + (byEndpoint.get(endpointId) ?? 0);
      const ownerHeld =
        owner === undefined ? 0 : (this.byOwner.get(owner) ?? 0) + (byOwner.get(owner) ?? 0);
      if (endpointHeld >= ENDPOINT_MAX_HELD || ownerHeld >= OWNER_MAX_HELD) continue;
      byEndpoint.set(endpointId, (byEndpoint.get(endpointId) ?? 0) + 1);
      if (owner !== undefined) byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
      chosen.push(delivery);
    }
    return chosen;
  }

  /** Endpoints the next claim leaves out: full ones, and every one known of a full owner. */
  excluded(): bigint[] {
    const full = new Set<bigint>();
    for (const [endpointId, count] of this.byEndpoint)
      if (count >= ENDPOINT_MAX_HELD) full.add(endpointId);
    const fullOwners = new Set<string>();
    for (const [owner, count] of this.byOwner) if (count >= OWNER_MAX_HELD) fullOwners.add(owner);
    if (fullOwners.size > 0)
      for (const [endpointId, owner] of this.ownerOf)
        if (fullOwners.has(owner)) full.add(endpointId);
    return [...full];
  }
}

function decrement<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left === 0) counts.delete(key);
  else counts.set(key, left);
}
