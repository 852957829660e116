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
    // A request that read the version before a newer one was seen: answer it, do not cache it.
    if (!this.use(version)) return load();
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

  /** The cached value, if any (no load). */
  peek(version: number, key: string): Promise<V> | undefined {
    if (!this.use(version)) return undefined;
    const hit = this.entries.get(key);
    if (!hit || hit.expiresAt <= this.now()) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** Caches a value loaded elsewhere (e.g. many keys read in one query). */
  put(version: number, key: string, value: V): void {
    if (!this.use(version)) return;
    this.entries.delete(key);
    this.entries.set(key, { value: Promise.resolve(value), expiresAt: Number.POSITIVE_INFINITY });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Moves to a newer version (dropping everything); false for a version older than the current. */
  private use(version: number): boolean {
    if (version > this.version) {
      this.entries.clear();
      this.version = version;
    }
    return version === this.version;
  }

  get size(): number {
    return this.entries.size;
  }
}
