/**
 * A bounded in-process cache whose entries belong to one content version (the `content_version`
 * row, raised by triggers in the writer's transaction whenever list content changes). Reading the
 * version before loading makes a cached value exactly as fresh as a query run at that moment: a
 * value is only served under the version it was loaded at or after, and a newer version drops
 * everything. Entries are promises, so concurrent requests for a missing key share one load.
 * Least recently used entries go first when the cache is full; an optional time-to-live bounds
 * values that depend on something the version does not track (the read counts behind "most read").
 */
/** A bound on the cache's size in units of the caller's choosing (bytes, say), besides its count. */
export interface CacheWeight<V> {
  max: number;
  of: (value: V) => number;
}

interface Entry<V> {
  value: Promise<V>;
  expiresAt: number;
  /** Counted once the value has arrived (0 until then). */
  weight: number;
}

export class VersionedCache<V> {
  private version = -Infinity;
  private readonly entries = new Map<string, Entry<V>>();
  private weightHeld = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    /** Optional: least recently used entries also go while the values' total weight is over max. */
    private readonly weight?: CacheWeight<V>,
  ) {}

  get(version: number, key: string, load: () => Promise<V>, ttlMs = Number.POSITIVE_INFINITY): Promise<V> {
    // A request that read the version before a newer one was seen: answer it, do not cache it.
    if (!this.use(version)) return load();
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > t) {
      this.touch(key, hit);
      return hit.value;
    }
    const entry: Entry<V> = { value: load(), expiresAt: t + ttlMs, weight: 0 };
    this.add(key, entry);
    entry.value.then(
      (value) => this.weigh(key, entry, value),
      // A failed load is not kept: the next request tries again.
      () => {
        if (this.entries.get(key) === entry) this.drop(key);
      },
    );
    return entry.value;
  }

  /** The cached value, if any (no load). */
  peek(version: number, key: string): Promise<V> | undefined {
    if (!this.use(version)) return undefined;
    const hit = this.entries.get(key);
    if (!hit || hit.expiresAt <= this.now()) return undefined;
    this.touch(key, hit);
    return hit.value;
  }

  /** Caches a value loaded elsewhere (e.g. many keys read in one query). */
  put(version: number, key: string, value: V): void {
    if (!this.use(version)) return;
    const entry: Entry<V> = { value: Promise.resolve(value), expiresAt: Number.POSITIVE_INFINITY, weight: 0 };
    this.add(key, entry);
    this.weigh(key, entry, value);
  }

  /** Moves to a newer version (dropping everything); false for a version older than the current. */
  private use(version: number): boolean {
    if (version > this.version) {
      this.entries.clear();
      this.weightHeld = 0;
      this.version = version;
    }
    return version === this.version;
  }

  /** Makes an entry the most recently used. */
  private touch(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private add(key: string, entry: Entry<V>): void {
    this.drop(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weightHeld -= entry.weight;
    this.entries.delete(key);
  }

  /** Counts an arrived value's weight (if its entry is still held) and trims to the bound. */
  private weigh(key: string, entry: Entry<V>, value: V): void {
    if (!this.weight || this.entries.get(key) !== entry) return;
    entry.weight = this.weight.of(value);
    this.weightHeld += entry.weight;
    // The newest entry stays even when it alone is over the bound: its caller is about to use it.
    for (const k of this.entries.keys()) {
      if (this.weightHeld <= this.weight.max) break;
      if (k !== key) this.drop(k);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The total weight of the values held (0 without a weight bound). */
  get heldWeight(): number {
    return this.weightHeld;
  }
}
