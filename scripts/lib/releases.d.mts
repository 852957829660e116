// Types of releases.mjs for the TypeScript that uses it (the journeys).
export const SHELL: 'shell';
export const KEEP_RELEASES: number;
export class ReleaseError extends Error {}

export interface HistoryEntry {
  at: string;
  app: string;
  action: 'activate' | 'rollback' | 'prune';
  from?: string | null;
  to?: string;
  by: string;
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

export interface ActivateOptions {
  expected?: string | null;
  by?: string;
  note?: string;
}

export interface ReleaseStore {
  dir: string;
  live(): Record<string, string>;
  list(app: string): (ReleaseRecord & { version: string })[];
  info(app: string, version: string): ReleaseRecord;
  history(app?: string): HistoryEntry[];
  activate(app: string, version: string, options?: ActivateOptions): HistoryEntry;
  activateTogether(changes: Record<string, string>, options?: Omit<ActivateOptions, 'expected'> & { expected?: Record<string, string | null> }): HistoryEntry[];
  rollback(app: string, options?: Omit<ActivateOptions, 'expected'>): HistoryEntry;
  previous(app: string): string | null;
  prune(app: string, options?: { keep?: number; by?: string }): string[];
  hasRelease(app: string, version: string): boolean;
  unmetNeeds(remote: string, remoteVersion: string, shellVersion: string): { name: string; range: string; live: string | null }[];
  manifestUrl(remote: string, version: string): string;
}

export function createReleaseStore(dir: string): ReleaseStore;
export function copyLiveReleases(fromDir: string, toDir: string): string;
export function requiresOf(manifest: unknown): Record<string, string>;
export function providesOf(manifest: unknown): Record<string, string>;
export function actor(): string;
export function currentCommit(cwd: string): string | null;
