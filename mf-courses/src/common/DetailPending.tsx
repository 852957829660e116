import { MSG } from '@qianyan/shared';
import { PlainErrorState, PlainSkeleton } from '@qianyan/shared/plain';

/**
 * A detail page (lesson, series, conference) before its detail can be shown: busy lines while it
 * loads, else the failure with a retry (none when the address names no detail to ask for again).
 */
export function DetailPending({ loading, error, onRetry }: { loading: boolean; error: { message: string } | null | undefined; onRetry?: () => void }) {
  return (
    <div className="qy-cr-page qy-cv-page">
      {loading ? (
        <PlainSkeleton title rows={8} />
      ) : (
        <div className="qy-cr-card qy-cr-state">
          <PlainErrorState message={error?.message ?? MSG.busy} onRetry={onRetry} />
        </div>
      )}
    </div>
  );
}
