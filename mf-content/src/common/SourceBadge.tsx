import { SOURCE } from '@qianyan/shared';
import './common.css';

/** Brand colours of the sources that have their own logo (spec §3: sources 5, 6, 10 and 11). */
const LOGO_COLOURS: Record<number, string> = {
  [SOURCE.journal]: '#a6192e',
  [SOURCE.digest]: '#0b4f6c',
  [SOURCE.catalyst]: '#1d5c3a',
  [SOURCE.evidence]: '#5b3c88',
};

/** The source name, as a small logo badge for sources with a logo and as plain text otherwise. */
export function SourceBadge({ sourceId, name }: { sourceId: number; name: string }) {
  const colour = LOGO_COLOURS[sourceId];
  if (!colour) return <span className="qy-source-text">{name}</span>;
  return (
    <span className="qy-source-badge" style={{ ['--qy-source' as string]: colour }}>
      <span className="qy-source-mark" aria-hidden="true">
        Q
      </span>
      {name}
    </span>
  );
}
