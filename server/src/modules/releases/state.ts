import { createHash, randomBytes } from 'node:crypto';
import { readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  LIVE_LINK,
  planActivation,
  planCanary,
  previousOf,
  pruneVictims,
  remoteManifestUrl,
  ReleaseError,
  SHELL,
  createReleaseStore,
  type Canary,
  type HistoryEntry,
  type ReleaseStore,
} from '../../../../scripts/lib/releases.mjs';
import type { Db } from '../../db/client.js';
import { releaseHistory, releaseLive, releasePreviews } from '../../db/schema/index.js';

export { ReleaseError, SHELL };
export type { HistoryEntry };

/** Where the live releases are kept: the releases folder's files (one machine) or the database (several instances). */
export type ReleaseStateKind = 'file' | 'database';

/** What every page needs to know: the live release of each app and the canaries. */
export interface LiveReleases {
  /** { app: version } for the shell and every remote. */
  live: Record<string, string>;
  /** { remote: manifest URL }: the live remote map (a remote outside the store keeps its URL). */
  remotes: Record<string, string>;
  canary: Record<string, Canary>;
}

export interface ChangeOptions {
  by: string;
  note?: string;
}

/**
 * The live releases and every change to them. Both kinds apply the same rules
 * (scripts/lib/releases.mjs): compare-and-swap, the shell compatibility gate, an append-only history.
 */
export interface ReleaseState {
  kind: ReleaseStateKind;
  /** The release folders (releases, their records, the compatibility of a remote with a shell). */
  releases: ReleaseStore;
  /** The live releases, at most `maxAgeMs` old (every instance sees a change within that time). */
  read(): Promise<LiveReleases>;
  activate(app: string, version: string, options: ChangeOptions & { expected?: string | null }): Promise<HistoryEntry>;
  rollback(app: string, options: ChangeOptions): Promise<HistoryEntry>;
  /** Starts or changes (`version`) or ends (null) a remote's canary. */
  setCanary(app: string, version: string | null, options: ChangeOptions & { percent?: number; expected?: string | null }): Promise<HistoryEntry>;
  previous(app: string): Promise<string | null>;
  history(app?: string): Promise<HistoryEntry[]>;
  prune(app: string, options: { keep: number; by: string }): Promise<string[]>;
  /**
   * Makes the releases folder's live state (what `npm run build` or a deployment's publish step
   * wrote) live, as one checked change: the database state after a new image is published. The
   * folder state has nothing to do (the folder is the state). Returns the changes made.
   */
  adoptFolder(options: ChangeOptions): Promise<HistoryEntry[]>;
  /** A tester's link to `version` of `app` on the live site: the token, shown once, and when it ends. */
  createPreview(app: string, version: string, options: { by: string; ttlMs: number; now: Date }): Promise<{ token: string; expiresAt: Date }>;
  /** The previews these tokens open ({ app: version }); unknown and expired tokens are passed over. */
  previewsOf(tokens: string[], now: Date): Promise<Record<string, string>>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A preview token: 24 random bytes, base64url (32 characters). */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** How long a read of the live releases is trusted before it is read again. */
const DEFAULT_MAX_AGE_MS = 1000;

export function createReleaseState(options: {
  kind: ReleaseStateKind;
  releasesDir: string;
  /** The database; only read when needed (the state is made before the database plugin opens it). */
  db: () => Db;
  maxAgeMs?: number;
}): ReleaseState {
  const store = createReleaseStore(options.releasesDir);
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const base = options.kind === 'file' ? fileState(store) : databaseState(store, options.db, options.releasesDir);

  // The folder's state is read again as soon as one of its files changes (cheap: three stats); the
  // database's after `maxAgeMs`, so every instance sees a change within that time.
  let cached: { key: string; at: number; value: Promise<LiveReleases> } | undefined;
  const stateFiles = ['remotes.json', 'shell.json', 'rollout.json'].map((f) => join(options.releasesDir, f));
  const keyNow = async () =>
    options.kind === 'file' ? (await Promise.all(stateFiles.map((f) => stat(f).then((i) => `${i.mtimeMs}:${i.size}`, () => '-')))).join('|') : '';
  const read = async () => {
    const key = await keyNow();
    if (!cached || cached.key !== key || (options.kind === 'database' && Date.now() - cached.at > maxAgeMs)) {
      const value = base.readFresh();
      cached = { key, at: Date.now(), value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  };
  /** A change made here is seen here at once. */
  const fresh = <T>(work: Promise<T>) =>
    work.finally(() => {
      cached = undefined;
    });

  return {
    kind: options.kind,
    releases: store,
    read,
    activate: (app, version, o) => fresh(base.activate(app, version, o)),
    rollback: (app, o) => fresh(base.rollback(app, o)),
    setCanary: (app, version, o) => fresh(base.setCanary(app, version, o)),
    previous: (app) => base.previous(app),
    history: (app) => base.history(app),
    prune: (app, o) => fresh(base.prune(app, o)),
    adoptFolder: (o) => fresh(base.adoptFolder(o)),
    async createPreview(app, version, { by, ttlMs, now }) {
      if (!store.hasRelease(app, version)) throw new ReleaseError(`no release ${app}@${version}`);
      if (app !== SHELL) {
        const shell = (await read()).live[SHELL];
        const unmet = shell && store.hasRelease(SHELL, shell) ? store.unmetNeeds(app, version, shell) : [];
        if (unmet.length) throw new ReleaseError(`${app} ${version} needs ${unmet.map((u) => `${u.name} ${u.range}`).join(', ')}, which the live shell does not provide`);
      } else {
        throw new ReleaseError('a shell release is not previewed on the live site: open it with its own remote map (npm run dev)');
      }
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now.getTime() + ttlMs);
      await options.db().insert(releasePreviews).values({ tokenHash: sha256(token), app, version, createdBy: by, expiresAt });
      return { token, expiresAt };
    },
    async previewsOf(tokens, now) {
      const valid = tokens.filter((t) => PREVIEW_TOKEN.test(t)).slice(0, 5);
      const out: Record<string, string> = {};
      for (const token of valid) {
        const [row] = await options
          .db()
          .select({ app: releasePreviews.app, version: releasePreviews.version })
          .from(releasePreviews)
          .where(and(eq(releasePreviews.tokenHash, sha256(token)), gt(releasePreviews.expiresAt, now)));
        // A release pruned since the preview began is not offered.
        if (row && store.hasRelease(row.app, row.version)) out[row.app] = row.version;
      }
      return out;
    },
  };
}

interface BaseState {
  readFresh(): Promise<LiveReleases>;
  activate: ReleaseState['activate'];
  rollback: ReleaseState['rollback'];
  setCanary: ReleaseState['setCanary'];
  previous: ReleaseState['previous'];
  history: ReleaseState['history'];
  prune: ReleaseState['prune'];
  adoptFolder: ReleaseState['adoptFolder'];
}

/** The remote map of a live state: each remote's manifest URL. */
function remotesOf(live: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(live).filter(([app]) => app !== SHELL).map(([app, v]) => [app, v.startsWith('/') || v.includes('://') ? v : remoteManifestUrl(app, v)]));
}

/** One machine: the releases folder's files, through the same store the release command uses. */
function fileState(store: ReleaseStore): BaseState {
  return {
    async readFresh() {
      const live = store.live();
      return { live, remotes: remotesOf(live), canary: store.canaries() };
    },
    activate: async (app, version, o) => store.activate(app, version, o),
    rollback: async (app, o) => store.rollback(app, o),
    setCanary: async (app, version, o) => store.setCanary(app, version, o),
    previous: async (app) => store.previous(app),
    history: async (app) => store.history(app),
    prune: async (app, o) => store.prune(app, o),
    adoptFolder: async () => [],
  };
}

/** Any constant works; it only has to be the same for every instance of this app. */
const RELEASE_LOCK_KEY = 7_270_302;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Several instances: the live releases in the database (release_live, release_history), each
 * change in one transaction under an advisory lock. On first use an empty table takes the releases
 * folder's live state (what `npm run build` made live). The folder's shell/live link is kept
 * pointing at the live shell, for a proxy that serves the shell's files itself.
 */
function databaseState(store: ReleaseStore, db: () => Db, releasesDir: string): BaseState {
  const toEntry = (r: typeof releaseHistory.$inferSelect): HistoryEntry => ({
    at: r.at.toISOString(),
    app: r.app,
    action: r.action as HistoryEntry['action'],
    from: r.fromVersion,
    ...(r.toVersion !== null ? { to: r.toVersion } : {}),
    ...(r.percent !== null ? { percent: r.percent } : {}),
    ...(r.removed ? { removed: r.removed } : {}),
    by: r.by,
    ...(r.note ? { note: r.note } : {}),
  });
  const toRow = (e: HistoryEntry) => ({
    at: new Date(e.at),
    app: e.app,
    action: e.action,
    fromVersion: e.from ?? null,
    toVersion: e.to ?? null,
    percent: e.percent ?? null,
    removed: e.removed ?? null,
    by: e.by,
    note: e.note ?? null,
  });

  async function rows(tx: Db | Tx) {
    const found = await tx.select().from(releaseLive);
    const live: Record<string, string> = {};
    const canary: Record<string, Canary> = {};
    for (const r of found) {
      live[r.app] = r.version;
      if (r.canaryVersion && r.canaryPercent) canary[r.app] = { version: r.canaryVersion, percent: r.canaryPercent };
    }
    return { live, canary };
  }

  async function historyOf(tx: Db | Tx, app?: string) {
    const q = tx.select().from(releaseHistory);
    const found = await (app ? q.where(eq(releaseHistory.app, app)) : q).orderBy(asc(releaseHistory.id));
    return found.map(toEntry);
  }

  /** Runs `fn` in a transaction holding the release lock, after adopting the folder's state if the table is empty. */
  async function change<T>(fn: (tx: Tx, state: { live: Record<string, string>; canary: Record<string, Canary> }) => Promise<T>): Promise<T> {
    return db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RELEASE_LOCK_KEY})`);
      await adopt(tx);
      return fn(tx, await rows(tx));
    });
  }

  async function adopt(tx: Tx) {
    const [any] = await tx.select({ app: releaseLive.app }).from(releaseLive).limit(1);
    if (any) return;
    const live = store.live();
    const canary = store.canaries();
    const apps = Object.keys(live);
    if (apps.length === 0) return;
    await tx.insert(releaseLive).values(apps.map((app) => ({ app, version: live[app]!, canaryVersion: canary[app]?.version ?? null, canaryPercent: canary[app]?.percent ?? null })));
    const at = new Date().toISOString();
    await tx.insert(releaseHistory).values(apps.map((app) => toRow({ at, app, action: 'activate', from: null, to: live[app]!, by: 'releases folder', note: 'taken from the releases folder on first use' })));
  }

  async function writeLive(tx: Tx, app: string, version: string) {
    await tx
      .insert(releaseLive)
      .values({ app, version })
      .onConflictDoUpdate({ target: releaseLive.app, set: { version, canaryVersion: null, canaryPercent: null, updatedAt: sql`now()` } });
  }

  async function activateIn(tx: Tx, state: { live: Record<string, string> }, changes: Record<string, string>, o: { expected?: Record<string, string | null>; action?: 'activate' | 'rollback'; by: string; note?: string }) {
    const { entries } = planActivation({ state: state.live, changes, expected: o.expected, action: o.action, by: o.by, note: o.note, releases: store.artifacts });
    for (const [app, version] of Object.entries(changes)) await writeLive(tx, app, version);
    await tx.insert(releaseHistory).values(entries.map(toRow));
    return entries[0]!;
  }

  /** Keeps releases/shell/live on the live shell (best effort: a read-only folder is left alone). */
  async function pointLiveLink(version: string | undefined) {
    if (!version || !store.hasRelease(SHELL, version)) return;
    const link = join(releasesDir, SHELL, LIVE_LINK);
    const current = await readlink(link).catch(() => undefined);
    if (current === version) return;
    const tmp = `${link}.${process.pid}.tmp`;
    try {
      await rm(tmp, { force: true });
      await symlink(version, tmp);
      await rename(tmp, link);
    } catch {
      await rm(tmp, { force: true }).catch(() => undefined);
    }
  }

  return {
    async readFresh() {
      let state = await rows(db());
      if (Object.keys(state.live).length === 0 && Object.keys(store.live()).length > 0) {
        await change(async () => undefined);
        state = await rows(db());
      }
      if (await stat(join(releasesDir, SHELL)).catch(() => undefined)) await pointLiveLink(state.live[SHELL]);
      return { live: state.live, remotes: remotesOf(state.live), canary: state.canary };
    },
    activate: (app, version, o) =>
      change((tx, state) => activateIn(tx, state, { [app]: version }, { expected: o.expected === undefined ? undefined : { [app]: o.expected }, by: o.by, note: o.note })),
    rollback: (app, o) =>
      change(async (tx, state) => {
        const current = state.live[app] ?? null;
        const target = previousOf(await historyOf(tx, app), current);
        if (!target) throw new ReleaseError(`${app} has no earlier release to roll back to`);
        return activateIn(tx, state, { [app]: target }, { expected: { [app]: current }, action: 'rollback', by: o.by, note: o.note });
      }),
    setCanary: (app, version, o) =>
      change(async (tx, state) => {
        const plan = planCanary({ state: state.live, canary: state.canary, app, version, percent: o.percent ?? 10, expected: o.expected, by: o.by, note: o.note, releases: store.artifacts });
        const next = plan.canary[app];
        await tx
          .update(releaseLive)
          .set({ canaryVersion: next?.version ?? null, canaryPercent: next?.percent ?? null, updatedAt: sql`now()` })
          .where(eq(releaseLive.app, app));
        await tx.insert(releaseHistory).values(toRow(plan.entry));
        return plan.entry;
      }),
    adoptFolder: (o) =>
      change(async (tx, state) => {
        const folder = store.live();
        const changes = Object.fromEntries(Object.entries(folder).filter(([app, v]) => state.live[app] !== v && store.hasRelease(app, v)));
        if (Object.keys(changes).length === 0) return [];
        const { entries } = planActivation({ state: state.live, changes, by: o.by, note: o.note ?? 'the releases folder made live (a published image)', releases: store.artifacts });
        for (const [app, version] of Object.entries(changes)) await writeLive(tx, app, version);
        await tx.insert(releaseHistory).values(entries.map(toRow));
        return entries;
      }),
    previous: async (app) => previousOf(await historyOf(db(), app), (await rows(db())).live[app] ?? null),
    history: (app) => historyOf(db(), app),
    prune: (app, { keep, by }) =>
      change(async (tx, state) => {
        const previous = previousOf(await historyOf(tx, app), state.live[app] ?? null);
        const removed = pruneVictims(store.list(app), { keep, protect: [state.live[app], previous, state.canary[app]?.version] });
        for (const version of removed) await rm(join(releasesDir, app, version), { recursive: true, force: true });
        if (removed.length) await tx.insert(releaseHistory).values(toRow({ at: new Date().toISOString(), app, action: 'prune', removed, by }));
        return removed;
      }),
  };
}

/** Every remote map a visitor may get now: the live one, with each canary's release beside it (for the pages' CSP). */
export async function liveRemoteMaps(state: ReleaseState): Promise<Record<string, string>> {
  const current = await state.read();
  const out: Record<string, string> = { ...current.remotes };
  for (const [remote, c] of Object.entries(current.canary)) out[`${remote} (canary)`] = remoteManifestUrl(remote, c.version);
  return out;
}
