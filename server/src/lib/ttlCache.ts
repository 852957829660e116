/**
 * A small in-process cache with a time-to-live, for values that may be a little stale (list
 * totals). Bounded: when full, the oldest entries go first.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const t = this.now();
    if (hit && hit.expiresAt > t) return hit.value;
    const value = await load();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: t + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
