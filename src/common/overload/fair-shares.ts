/** Clients tracked at most; past it, new ones share one count (their admission is still fair in total). */
export const MAX_CLIENTS = 10_000;
/** Each tick keeps this part of a client's count: a memory of about the last half second. */
const KEPT_PER_TICK = 0.5;

/**
 * Recent arrivals by client, and the cap that shares what the instance admits among them
 * max-min fairly: a client below the cap is admitted whole, the heaviest are cut to it. So one key
 * flooding the instance is refused first and another key's requests keep being served.
 */
export class FairShares {
  private readonly counts = new Map<number, number>();
  /** Arrivals a client may have admitted per memory; Infinity when all are admitted. */
  private cap = Infinity;

  /** Counts an arrival of `client`; returns its count with this one. */
  arrive(client: number): number {
    const known = this.counts.get(client);
    const counted = known !== undefined || this.counts.size < MAX_CLIENTS ? client : 0;
    const count = (counted === client ? (known ?? 0) : (this.counts.get(0) ?? 0)) + 1;
    this.counts.set(counted, count);
    return count;
  }

  /** The chance a client with `count` recent arrivals has of being admitted now. */
  chance(count: number): number {
    return count <= this.cap ? 1 : this.cap / count;
  }

  /** Sets the cap so that `admitted` of all recent arrivals fit, then ages the counts. */
  tick(admitted: number): void {
    const counts = [...this.counts.values()];
    this.cap = admitted >= 1 ? Infinity : waterLevel(counts, admitted * sum(counts));
    for (const [client, count] of this.counts) {
      const kept = count * KEPT_PER_TICK;
      if (kept < 0.5) this.counts.delete(client);
      else this.counts.set(client, kept);
    }
  }

  get clients(): number {
    return this.counts.size;
  }
}

const sum = (values: readonly number[]): number =>
  values.reduce((total, value) => total + value, 0);

/** The level L with Σ min(count, L) = budget: what each client may have, the lightest whole. */
export function waterLevel(counts: readonly number[], budget: number): number {
  const sorted = [...counts].sort((a, b) => a - b);
  let left = budget;
  for (let i = 0; i < sorted.length; i++) {
    const even = left / (sorted.length - i);
    if (sorted[i] > even) return even;
    left -= sorted[i];
  }
  return Infinity;
}
