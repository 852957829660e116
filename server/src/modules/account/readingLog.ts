// Reading records written behind the reply (issue 22, item 3): a member's article or lesson detail
// no longer waits on a write of its own. Views are kept in memory for at most READING_FLUSH_MS and
// written together, one statement per batch, the newest read time winning (so two instances, or a
// batch written after a newer one, never move a record back in time).
//
// What is never lost:
// - a record any reply has shown: the member's reading lists write what is buffered for that member
//   before they read (`settle`), so a record once listed is in the database;
// - every buffered record at a graceful stop (SIGTERM, the app's close): `flush` runs on close;
// - a batch whose write failed: it is kept (merged with newer views) and written at the next try.
// A process killed outright loses at most the views of its last READING_FLUSH_MS that no reply had
// shown (docs/decisions.md "Reading records written behind the reply").
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members, readingRecords } from '../../db/schema/index.js';

/** Views are written together, at most this long after the first of a batch. */
export const READING_FLUSH_MS = 250;

/** What was read: the favourites' kinds (article, lesson, meeting). */
export type ReadingKind = string;

interface Pending {
  memberId: number;
  kind: ReadingKind;
  itemId: number;
  readAt: Date;
}

export function createReadingLog(deps: { db: Db; now: () => Date; flushMs?: number; onError?: (err: unknown) => void }) {
  const { db, now } = deps;
  const flushMs = deps.flushMs ?? READING_FLUSH_MS;
  /** "member:kind:item" → the latest view not yet written. */
  const pending = new Map<string, Pending>();
  const pendingMembers = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  /** The write under way; flushes run one after another, never two batches at once. */
  let writing: Promise<void> = Promise.resolve();

  const keyOf = (memberId: number, kind: string, itemId: number) => `${memberId}:${kind}:${itemId}`;

  function keep(entry: Pending) {
    const key = keyOf(entry.memberId, entry.kind, entry.itemId);
    const had = pending.get(key);
    if (had && had.readAt >= entry.readAt) return;
    if (!had) pendingMembers.set(entry.memberId, (pendingMembers.get(entry.memberId) ?? 0) + 1);
    pending.set(key, entry);
  }

  function schedule() {
    if (timer || pending.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      flush().catch((err) => deps.onError?.(err));
    }, flushMs);
    timer.unref();
  }

  async function writeBatch(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending.clear();
    pendingMembers.clear();
    const values = sql.join(
      batch.map((r) => sql`(${r.memberId}::integer, ${r.kind}::varchar, ${r.itemId}::integer, ${r.readAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    try {
      await db.execute(sql`
        insert into ${readingRecords} (member_id, kind, item_id, read_at)
        select v.member_id, v.kind, v.item_id, v.read_at from (values ${values}) as v(member_id, kind, item_id, read_at)
        where exists (select 1 from ${members} m where m.id = v.member_id)
        on conflict (member_id, kind, item_id) do update set read_at = greatest(${readingRecords.readAt}, excluded.read_at)`);
    } catch (err) {
      // Kept for the next try, merged with whatever was read meanwhile.
      for (const entry of batch) keep(entry);
      schedule();
      throw err;
    }
  }

  /** Writes everything buffered (after any write under way); rejects when the write fails. */
  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const next = writing.catch(() => {}).then(writeBatch);
    writing = next;
    return next;
  }

  return {
    /** Notes that the member read an item now; written within READING_FLUSH_MS, the reply never waits. */
    record(memberId: number, kind: ReadingKind, itemId: number): void {
      keep({ memberId, kind, itemId, readAt: now() });
      schedule();
    },
    /**
     * Before a member's reading list is read: writes what is buffered if any of it is theirs, and
     * waits for a write under way (it may hold their views), so the list shows every view.
     */
    async settle(memberId: number): Promise<void> {
      if (pendingMembers.has(memberId)) await flush();
      else await writing.catch(() => {});
    },
    flush,
    /** Views not yet written (the bench and tests read it). */
    get pendingCount() {
      return pending.size;
    },
  };
}

export type ReadingLog = ReturnType<typeof createReadingLog>;
