/** A memo that starts again empty once full: no bookkeeping per lookup, unlike an LRU. */
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
