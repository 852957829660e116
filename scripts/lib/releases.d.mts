// Types of releases.mjs for the TypeScript that uses it (the journeys, the server's release service).
export const SHELL: 'shell';
export const LIVE_LINK: 'live';
export const KEEP_RELEASES: number;
export class ReleaseError extends Error {}

export interface HistoryEntry {
  at: string;
  app: string;
  action: 'activate' | 'rollback' | 'prune' | 'canary' | 'canary-end';
  from?: string | null;
  to?: string | null;
  /** A canary's share of visitors. */
  percent?: number;
  by: string;
  note?: string;
  removed?: string[];
}

export interface ReleaseRecord {
  app: string;
  version: string;
  commit?: string | null;
  builtAt?: string;
  provides?: Record<string, string>;
  requires?: Record<string, string>;
}

export interface Canary {
  version: string;
  percent: number;
}

export interface ActivateOptions {
  expected?: string | null;
  by?: string;
  note?: string;
}

export interface Unmet {
  name: string;
  range: string;
  live: string | null;
}

/** What the rules read of the release folders. */
export interface ReleaseArtifacts {
  hasRelease(app: string, version: string): boolean;
  list(app: string): (ReleaseRecord & { version: string })[];
  unmetNeeds(remote: string, remoteVersion: string, shellVersion: string): Unmet[];
}

export interface ReleaseStore extends ReleaseArtifacts {
  dir: string;
  live(): Record<string, string>;
  info(app: string, version: string): ReleaseRecord;
  history(app?: string): HistoryEntry[];
  activate(app: string, version: string, options?: ActivateOptions): HistoryEntry;
  activateTogether(changes: Record<string, string>, options?: Omit<ActivateOptions, 'expected'> & { expected?: Record<string, string | null> }): HistoryEntry[];
  rollback(app: string, options?: Omit<ActivateOptions, 'expected'>): HistoryEntry;
  previous(app: string): string | null;
  prune(app: string, options?: { keep?: number; by?: string }): string[];
  canaries(): Record<string, Canary>;
  setCanary(app: string, version: string | null, options?: ActivateOptions & { percent?: number }): HistoryEntry;
  manifestUrl(remote: string, version: string): string;
  artifacts: ReleaseArtifacts;
}

export function createReleaseStore(dir: string): ReleaseStore;
export function copyLiveReleases(fromDir: string, toDir: string): string;
export function requiresOf(manifest: unknown): Record<string, string>;
export function providesOf(manifest: unknown): Record<string, string>;
export function actor(): string;
export function currentCommit(cwd: string): string | null;
export function remoteManifestUrl(remote: string, version: string): string;

export function assertCompatible(changes: Record<string, string>, state: Record<string, string>, releases: ReleaseArtifacts): void;
export function planActivation(input: {
  state: Record<string, string>;
  changes: Record<string, string>;
  expected?: Record<string, string | null>;
  action?: 'activate' | 'rollback';
  by: string;
  note?: string;
  at?: string;
  releases: ReleaseArtifacts;
}): { entries: HistoryEntry[] };
export function planCanary(input: {
  state: Record<string, string>;
  canary: Record<string, Canary>;
  app: string;
  version: string | null;
  percent: number;
  expected?: string | null;
  by: string;
  note?: string;
  at?: string;
  releases: ReleaseArtifacts;
}): { canary: Record<string, Canary>; entry: HistoryEntry };
export function previousOf(history: HistoryEntry[], current: string | null | undefined): string | null;
export function pruneVictims(list: { version: string }[], options: { keep: number; protect: (string | null | undefined)[] }): string[];
export function canaryBucket(visitorId: string, app: string): number;
export function remoteMapFor(
  map: Record<string, string>,
  options: { canary?: Record<string, Canary>; visitorId?: string; previews?: Record<string, string>; manifestUrl: (remote: string, version: string) => string },
): Record<string, string>;
