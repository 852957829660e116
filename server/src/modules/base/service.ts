import type { SiteSettings } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';

export type BaseService = ReturnType<typeof createBaseService>;

export function createBaseService(deps: { database: DatabaseHandle; site: SiteSettings }) {
  return {
    async health(): Promise<{ status: 'ok' | 'error'; db: 'ok' | 'error' }> {
      const db = await deps.database.ping().then(
        () => 'ok' as const,
        () => 'error' as const,
      );
      return { status: db, db };
    },

    /** Public runtime settings the front end needs; also injected into index.html. */
    siteConfig(): SiteSettings {
      return { ...deps.site };
    },
  };
}
