/**
 * A bounded in-process cache whose entries belong to one content version (the `content_version`
 * row, raised by triggers in the writer's transaction whenever list content changes). Reading the
 * version before loading makes a cached value exactly as fresh as a query run at that moment: a
 * value is only served under the version it was loaded at or after, and a newer version drops
 * everything. Entries are promises, so concurrent requests for a missing key share one load.
 * Least recently used entries go first when the cache is full; an optional time-to-live bounds
 * values that depend on something the version does not track (the read counts behind "most read").
 */
export class VersionedCache<V> {
  private version = -Infinity;
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(version: number, key: string, load: () => Promise<V>, ttlMs = Number.POSITIVE_INFINITY): Promise<V> {
    if (version > this.version) {
      this.entries.clear();
      this.version = version;
    } else if (version < this.version) {
      // A request that read the version before a newer one was seen: answer it, do not cache it.
      return load();
    }
    const t = this.now();
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.expiresAt > t) {
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry = { value: load(), expiresAt: t + ttlMs };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // A failed load is not kept: the next request tries again.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  get size(): number {
    return this.entries.size;
  }
}
