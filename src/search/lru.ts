/**
 * A map that keeps only its `capacity` most recently used entries: reading
 * or writing an entry makes it the newest, and a write past the capacity
 * drops the oldest. A Map iterates in insertion order, so moving an entry to
 * the end (delete, then set) is all the bookkeeping needed.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`An LRU cache needs room for at least one entry (got ${capacity}).`);
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value kept for `key` (now the newest), or undefined. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Keeps `value` for `key` as the newest entry, dropping the oldest when full. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.entries.clear();
  }
}
