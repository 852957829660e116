/**
 * List rows by article id for one content version, least recently used first out, bounded by the
 * bytes their strings hold (as well as by count): a row held as an object takes about 1 KB of
 * heap, so keeping every row of a 100 000-article corpus took some 100 MB, growing with the corpus
 * (issue "fast for a crowd": ≤ 600 MB resident at 100 000 articles).
 */
export class RowCache<R extends { id: number }> {
  private version = -Infinity;
  private readonly rows = new Map<number, { row: R; bytes: number }>();
  private held = 0;

  constructor(
    private readonly maxRows: number,
    private readonly maxBytes: number,
    private readonly bytesOf: (row: R) => number,
  ) {}

  get size(): number {
    return this.rows.size;
  }

  get bytes(): number {
    return this.held;
  }

  /** Whether rows of `version` can be kept (a newer version drops everything older). */
  use(version: number): boolean {
    if (version > this.version) {
      this.rows.clear();
      this.held = 0;
      this.version = version;
    }
    return version === this.version;
  }

  /** Whether another row would fit without pushing one out. */
  get hasRoom(): boolean {
    return this.rows.size < this.maxRows && this.held < this.maxBytes;
  }

  has(version: number, id: number): boolean {
    return version === this.version && this.rows.has(id);
  }

  /** The cached row of `id` in `version`, made the most recently used. */
  get(version: number, id: number): R | undefined {
    if (version !== this.version) return undefined;
    const hit = this.rows.get(id);
    if (!hit) return undefined;
    this.rows.delete(id);
    this.rows.set(id, hit);
    return hit.row;
  }

  /** Keeps a row of `version`; the least recently used go while over either bound. */
  set(version: number, row: R): void {
    if (!this.use(version)) return;
    const had = this.rows.get(row.id);
    if (had) {
      this.rows.delete(row.id);
      this.held -= had.bytes;
    }
    const bytes = this.bytesOf(row);
    this.rows.set(row.id, { row, bytes });
    this.held += bytes;
    while (this.rows.size > this.maxRows || (this.held > this.maxBytes && this.rows.size > 1)) {
      const [oldest, entry] = this.rows.entries().next().value!;
      this.rows.delete(oldest);
      this.held -= entry.bytes;
    }
  }
}
