import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles } from '../../db/schema/index.js';
import { readCountOf } from './readCounts.js';

/** Class ids are kept as bits of a 31-bit mask; a larger id makes the index decline. */
const MAX_CLASS_ID = 30;

/** The list filters (spec §7.5) that select articles, without paging and order. */
export interface ListFilter {
  sourceIds: number[];
  classIds: number[];
  filterIds: number[];
  typeIds: number[];
  articleIds: number[];
  haswantsay: boolean;
  range?: { from: Date; to: Date };
}

/**
 * The published articles in list order (newest first: postdate, then id, descending) with the
 * columns the list filters read, held in typed arrays: about 30 bytes an article. Built in one
 * query per content version (docs/decisions.md "Article list performance"), it answers a page's
 * ids and an exact total without a query: on PGlite, where every query costs milliseconds of the
 * one thread that also serves the requests, that is the difference between tens and thousands of
 * list requests a second. The page's rows are then read by id.
 */
export class ListIndex {
  private constructor(
    private readonly ids: Int32Array,
    private readonly times: Float64Array,
    private readonly sources: Int32Array,
    private readonly filters: Int32Array,
    private readonly types: Int32Array,
    private readonly commentary: Uint8Array,
    private readonly classMasks: Int32Array,
    /** Read counts (the "most read" order); raised in place as views are written. */
    private readonly reads: Float64Array,
    /** Per source id, its articles' positions in list order: most lists show one or two sources. */
    private readonly bySource = new Map<number, Int32Array>(),
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /** Position of each id, built on the first read-count update. */
  private positionOf?: Map<number, number>;

  /**
   * Raises an article's read count to `total` (read counts only grow, so an older total never
   * lowers a newer one, whichever arrives first).
   */
  raiseReads(id: number, total: number): void {
    if (!this.positionOf) {
      this.positionOf = new Map();
      for (let i = 0; i < this.ids.length; i++) this.positionOf.set(this.ids[i]!, i);
    }
    const i = this.positionOf.get(id);
    if (i !== undefined && total > this.reads[i]!) this.reads[i] = total;
  }

  /** The ids of the newest `n` published articles (a view, not a copy). */
  newest(n: number): Int32Array {
    return this.ids.subarray(0, n);
  }

  /** Reads the index; null when a class id does not fit the mask (the caller then uses SQL). */
  static async load(db: Db): Promise<ListIndex | null> {
    // One text ("id,ms,source,filter,type,commentary,reads,class class;…") in list order: reading 100 000
    // rows one by one through the driver takes several times longer than the query.
    const result = (await db.execute(sql`
      select string_agg(
               concat_ws(',', ${articles.id}, floor(extract(epoch from ${articles.postdate}) * 1000)::bigint,
                         ${articles.sourceId}, coalesce(${articles.filterId}, -1), coalesce(${articles.typeId}, -1),
                         ${articles.haswantsay}, ${readCountOf}, array_to_string(${articles.classIds}, ' ')),
               ';' order by ${articles.postdate} desc, ${articles.id} desc) as rows
      from ${articles}
      where ${articles.status} = 1
    `)) as unknown as { rows: { rows: string | null }[] };
    const text = result.rows[0]?.rows ?? '';
    const rows = text ? text.split(';') : [];
    const n = rows.length;
    const index = new ListIndex(
      new Int32Array(n),
      new Float64Array(n),
      new Int32Array(n),
      new Int32Array(n),
      new Int32Array(n),
      new Uint8Array(n),
      new Int32Array(n),
      new Float64Array(n),
    );
    for (let i = 0; i < n; i++) {
      const [id, ms, source, filter, type, commentary, reads, classes] = rows[i]!.split(',');
      let mask = 0;
      for (const c of classes ? classes.split(' ') : []) {
        const classId = Number(c);
        if (!Number.isInteger(classId) || classId < 0 || classId > MAX_CLASS_ID) return null;
        mask |= 1 << classId;
      }
      index.ids[i] = Number(id);
      index.times[i] = Number(ms);
      index.sources[i] = Number(source);
      index.filters[i] = Number(filter);
      index.types[i] = Number(type);
      index.commentary[i] = commentary === '1' ? 1 : 0;
      index.classMasks[i] = mask;
      index.reads[i] = Number(reads);
    }
    const positions = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const source = index.sources[i]!;
      let list = positions.get(source);
      if (!list) positions.set(source, (list = []));
      list.push(i);
    }
    for (const [source, list] of positions) index.bySource.set(source, Int32Array.from(list));
    return index;
  }

  /**
   * The ids of one page, newest first (sortType 0) or oldest first (sortType 1), or undefined when
   * the filter cannot be answered here (a class id beyond the mask).
   */
  page(f: ListFilter, oldestFirst: boolean, offset: number, limit: number): number[] | undefined {
    const only = f.sourceIds.length === 1;
    // With one source, walk that source's positions only (most lists); otherwise every position.
    const match = this.matcher(f, only);
    if (!match) return undefined;
    const [start, end] = this.bounds(f);
    const out: number[] = [];
    let skip = offset;
    const take = (i: number) => {
      if (!match(i)) return;
      if (skip > 0) skip--;
      else out.push(this.ids[i]!);
    };
    if (only) {
      const positions = this.bySource.get(f.sourceIds[0]!);
      if (!positions) return out;
      const lo = lowerBound(positions, start);
      const hi = lowerBound(positions, end);
      if (oldestFirst) for (let k = hi - 1; k >= lo && out.length < limit; k--) take(positions[k]!);
      else for (let k = lo; k < hi && out.length < limit; k++) take(positions[k]!);
    } else if (oldestFirst) {
      for (let i = end - 1; i >= start && out.length < limit; i--) take(i);
    } else {
      for (let i = start; i < end && out.length < limit; i++) take(i);
    }
    return out;
  }

  /**
   * The ids of one page of the "most read" order (read count, then newest first: the order of
   * `read_count desc, postdate desc, id desc`), or undefined as page. The matches are ranked with a
   * bounded heap of offset + limit positions, so a deep page of a large list costs one pass.
   */
  mostRead(f: ListFilter, offset: number, limit: number): number[] | undefined {
    const only = f.sourceIds.length === 1;
    const match = this.matcher(f, only);
    if (!match) return undefined;
    const [start, end] = this.bounds(f);
    const keep = offset + limit;
    if (limit <= 0 || keep <= 0) return [];
    const reads = this.reads;
    // Position a ranks before b: more reads, or as many and newer (a smaller position).
    const before = (a: number, b: number) => reads[a]! > reads[b]! || (reads[a] === reads[b] && a < b);
    // A heap of the best `keep` positions so far, the worst at the top.
    const heap: number[] = [];
    const siftUp = (k: number) => {
      while (k > 0) {
        const parent = (k - 1) >> 1;
        if (!before(heap[parent]!, heap[k]!)) break;
        [heap[parent], heap[k]] = [heap[k]!, heap[parent]!];
        k = parent;
      }
    };
    const siftDown = (k: number) => {
      for (;;) {
        const l = 2 * k + 1;
        const r = l + 1;
        let worst = k;
        if (l < heap.length && before(heap[worst]!, heap[l]!)) worst = l;
        if (r < heap.length && before(heap[worst]!, heap[r]!)) worst = r;
        if (worst === k) return;
        [heap[worst], heap[k]] = [heap[k]!, heap[worst]!];
        k = worst;
      }
    };
    const offer = (i: number) => {
      if (!match(i)) return;
      if (heap.length < keep) {
        heap.push(i);
        siftUp(heap.length - 1);
      } else if (before(i, heap[0]!)) {
        heap[0] = i;
        siftDown(0);
      }
    };
    if (only) {
      const positions = this.bySource.get(f.sourceIds[0]!);
      if (!positions) return [];
      const hi = lowerBound(positions, end);
      for (let k = lowerBound(positions, start); k < hi; k++) offer(positions[k]!);
    } else {
      for (let i = start; i < end; i++) offer(i);
    }
    return heap
      .sort((a, b) => (before(a, b) ? -1 : 1))
      .slice(offset)
      .map((i) => this.ids[i]!);
  }

  /** The number of published articles matching the filter, or undefined (as page). */
  count(f: ListFilter): number | undefined {
    const rest = this.matcher(f, true);
    if (!rest) return undefined;
    const [start, end] = this.bounds(f);
    const onlySources = !f.classIds.length && !f.filterIds.length && !f.typeIds.length && !f.articleIds.length && !f.haswantsay;
    if (f.sourceIds.length) {
      // Per source: its positions inside the date range; with no other filter, just their number.
      let total = 0;
      for (const source of new Set(f.sourceIds)) {
        const positions = this.bySource.get(source);
        if (!positions) continue;
        const lo = lowerBound(positions, start);
        const hi = lowerBound(positions, end);
        if (onlySources) total += hi - lo;
        else for (let k = lo; k < hi; k++) if (rest(positions[k]!)) total++;
      }
      return total;
    }
    if (onlySources) return end - start;
    let total = 0;
    for (let i = start; i < end; i++) if (rest(i)) total++;
    return total;
  }

  /** [start, end) of the positions inside the date range (positions run newest to oldest). */
  private bounds(f: ListFilter): [number, number] {
    if (!f.range) return [0, this.ids.length];
    // The first position older than `to` (exclusive end), and the first older than `from`.
    return [this.firstBefore(f.range.to.getTime()), this.firstBefore(f.range.from.getTime())];
  }

  /** The first position whose time is earlier than t (times are non-increasing). */
  private firstBefore(t: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.times[mid]! >= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** A test of position i against the filter (without its sources when `skipSources`). */
  private matcher(f: ListFilter, skipSources: boolean): ((i: number) => boolean) | undefined {
    let classMask = 0;
    for (const id of f.classIds) {
      if (id < 0 || id > MAX_CLASS_ID) return undefined;
      classMask |= 1 << id;
    }
    const sources = f.sourceIds.length && !skipSources ? new Set(f.sourceIds) : undefined;
    const filters = f.filterIds.length ? new Set(f.filterIds) : undefined;
    const types = f.typeIds.length ? new Set(f.typeIds) : undefined;
    const ids = f.articleIds.length ? new Set(f.articleIds) : undefined;
    const commentary = f.haswantsay;
    return (i) =>
      (!sources || sources.has(this.sources[i]!)) &&
      (!filters || filters.has(this.filters[i]!)) &&
      (!types || types.has(this.types[i]!)) &&
      (!commentary || this.commentary[i] === 1) &&
      (!classMask || (this.classMasks[i]! & classMask) !== 0) &&
      (!ids || ids.has(this.ids[i]!));
  }
}

/** The first index of the ascending `values` whose value is at least `x`. */
function lowerBound(values: Int32Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
