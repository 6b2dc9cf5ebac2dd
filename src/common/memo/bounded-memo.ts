/**
 * A memo of at most `max` entries that, once full, starts again empty: no bookkeeping on a lookup
 * (an LRU's would cost on every request), for values cheap to compute again (a digest, a
 * signature).
 */
export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, value);
  }
}
