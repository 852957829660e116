// The month's free read a non-member can see (本月剩余免费阅读 N 篇) and when it renews, on the article
// page and in the user menu. The figure and the date are the server's (SessionUser.free_read, the
// detail's is_month_chance); this piece only words and draws them.
import './freeReadNote.css';

export const FREE_READ_TEXT = {
  left: (count: number) => `本月剩余免费阅读 ${count} 篇`,
  /** `renewsOn` is the server's YYYY-MM-DD, the first day of the next month. */
  renews: (renewsOn: string) => `${Number(renewsOn.slice(5, 7))}月1日更新`,
} as const;

/** Free reads left from a detail's is_month_chance (2 one left, 1 used up). */
export const freeReadsLeft = (isMonthChance: number): 0 | 1 => (isMonthChance === 2 ? 1 : 0);

const isMonthStart = (renewsOn: string | null | undefined): renewsOn is string => !!renewsOn && /^\d{4}-\d{2}-01$/.test(renewsOn);

/**
 * `live` announces a change to screen readers (the article page, where using the free read turns 1
 * into 0); a session stored before the server sent the date has none, and the line then omits it.
 */
export function FreeReadNote({
  remaining,
  renewsOn,
  live = false,
  className,
}: {
  remaining: number;
  renewsOn?: string | null;
  live?: boolean;
  className?: string;
}) {
  return (
    <p className={className ? `qy-free-reads ${className}` : 'qy-free-reads'} {...(live ? { role: 'status' } : {})}>
      <span className={remaining > 0 ? 'qy-free-reads__count' : 'qy-free-reads__count qy-free-reads__count--none'}>
        {FREE_READ_TEXT.left(remaining)}
      </span>
      {isMonthStart(renewsOn) && (
        <>
          <span className="qy-free-reads__dot" aria-hidden="true">
            ·
          </span>
          <span className="qy-free-reads__renews">{FREE_READ_TEXT.renews(renewsOn)}</span>
        </>
      )}
    </p>
  );
}
