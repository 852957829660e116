import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles } from '../../db/schema/index.js';

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** Class ids are kept as bits of a 31-bit mask; a larger id makes the summary decline. */
const MAX_CLASS_ID = 30;

/** The list filters a total depends on (articleIds lists are counted in SQL, they are short). */
export interface TotalsFilter {
  sourceIds: number[];
  classIds: number[];
  filterIds: number[];
  typeIds: number[];
  haswantsay: boolean;
  range?: { from: Date; to: Date };
}

const shanghaiDay = (instant: Date) => Math.floor((instant.getTime() + SHANGHAI_OFFSET_MS) / DAY_MS);

/**
 * Exact totals of article lists without counting rows: the published articles grouped by
 * (Shanghai day, source, filter, type, commentary, disease areas), loaded in one query per content
 * version and summed in memory. Counting 100 000 rows in SQL takes hundreds of milliseconds on
 * PGlite; summing this takes well under one (docs/decisions.md "Article list performance").
 * Groups are ordered by day, so a date range only visits its own days.
 */
export class ListSummary {
  private constructor(
    private readonly days: Int32Array,
    private readonly sources: Int32Array,
    private readonly filters: Int32Array,
    private readonly types: Int32Array,
    private readonly commentary: Uint8Array,
    private readonly classMasks: Int32Array,
    private readonly counts: Int32Array,
  ) {}

  /** Reads the groups; null when a class id does not fit the mask (then totals are counted in SQL). */
  static async load(db: Db): Promise<ListSummary | null> {
    // Days since 1970-01-01 in Shanghai time, as shanghaiDay() counts them. The groups come back as
    // one text ("day,source,filter,type,commentary,class class,n;…"): reading 80 000 rows one by
    // one through the driver takes several times longer than the query itself.
    const result = (await db.execute(sql`
      select string_agg(concat_ws(',', day, source_id, coalesce(filter_id, -1), coalesce(type_id, -1), haswantsay,
                                  array_to_string(class_ids, ' '), n), ';' order by day) as groups
      from (
        select ((${articles.postdate} at time zone 'UTC') + interval '8 hours')::date - date '1970-01-01' as day,
               ${articles.sourceId} as source_id, ${articles.filterId} as filter_id, ${articles.typeId} as type_id,
               ${articles.haswantsay} as haswantsay, ${articles.classIds} as class_ids, count(*) as n
        from ${articles}
        where ${articles.status} = 1
        group by 1, 2, 3, 4, 5, 6
      ) g
    `)) as unknown as { rows: { groups: string | null }[] };
    const text = result.rows[0]?.groups ?? '';
    const groups = text ? text.split(';') : [];
    const size = groups.length;
    const summary = new ListSummary(
      new Int32Array(size),
      new Int32Array(size),
      new Int32Array(size),
      new Int32Array(size),
      new Uint8Array(size),
      new Int32Array(size),
      new Int32Array(size),
    );
    for (let i = 0; i < size; i++) {
      const [day, source, filter, type, commentary, classes, n] = groups[i]!.split(',');
      let mask = 0;
      for (const c of classes ? classes.split(' ') : []) {
        const id = Number(c);
        if (!Number.isInteger(id) || id < 0 || id > MAX_CLASS_ID) return null;
        mask |= 1 << id;
      }
      summary.days[i] = Number(day);
      summary.sources[i] = Number(source);
      summary.filters[i] = Number(filter);
      summary.types[i] = Number(type);
      summary.commentary[i] = commentary === '1' ? 1 : 0;
      summary.classMasks[i] = mask;
      summary.counts[i] = Number(n);
    }
    return summary;
  }

  /** The number of published articles matching the filter, or undefined when it cannot tell. */
  count(f: TotalsFilter): number | undefined {
    let classMask = 0;
    for (const id of f.classIds) {
      if (id < 0 || id > MAX_CLASS_ID) return undefined;
      classMask |= 1 << id;
    }
    const sources = f.sourceIds.length ? new Set(f.sourceIds) : undefined;
    const filters = f.filterIds.length ? new Set(f.filterIds) : undefined;
    const types = f.typeIds.length ? new Set(f.typeIds) : undefined;

    let start = 0;
    let end = this.days.length;
    if (f.range) {
      start = this.firstAtOrAfter(shanghaiDay(f.range.from));
      end = this.firstAtOrAfter(shanghaiDay(f.range.to));
    }
    let total = 0;
    for (let i = start; i < end; i++) {
      if (sources && !sources.has(this.sources[i]!)) continue;
      if (filters && !filters.has(this.filters[i]!)) continue;
      if (types && !types.has(this.types[i]!)) continue;
      if (f.haswantsay && this.commentary[i] !== 1) continue;
      if (classMask && (this.classMasks[i]! & classMask) === 0) continue;
      total += this.counts[i]!;
    }
    return total;
  }

  private firstAtOrAfter(day: number): number {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
