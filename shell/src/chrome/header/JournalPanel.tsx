import { useState } from 'react';
import { ChromeLink, LinkItems } from '../navigation';
import { JOURNAL_LINKS, journalYears, periodArticleUrl } from '../menu';
import { CHROME_MSG } from '../messages';
import { RightIcon } from './icons';

/** The 期刊 popover: browse by issue, the year list (5 + 更多), and the journal series. */
export function JournalPanel({ onNavigate }: { onNavigate: () => void }) {
  const [showMore, setShowMore] = useState(false);
  const years = journalYears();
  return (
    <div className="qy-panel qy-panel--journal">
      <ChromeLink to={periodArticleUrl()} className="qy-panel__lead" onNavigate={onNavigate}>
        <span>
          <strong>{CHROME_MSG.journal.byIssue}</strong>
          <small>{CHROME_MSG.journal.byIssueHint}</small>
        </span>
        <RightIcon />
      </ChromeLink>
      <p className="qy-panel__title" id="qy-journal-years">
        {CHROME_MSG.journal.byYear}
      </p>
      <ul className="qy-years" aria-labelledby="qy-journal-years">
        <LinkItems links={years.shown} className="qy-chip" onNavigate={onNavigate} />
        <li>
          <button
            type="button"
            className="qy-chip qy-chip--toggle"
            aria-expanded={showMore}
            aria-controls="qy-journal-years-more"
            onClick={() => setShowMore((v) => !v)}
          >
            {showMore ? CHROME_MSG.journal.less : CHROME_MSG.journal.more}
          </button>
        </li>
      </ul>
      {showMore && (
        <ul className="qy-years qy-years--more" id="qy-journal-years-more">
          <LinkItems links={years.more} className="qy-chip" onNavigate={onNavigate} />
        </ul>
      )}
      <p className="qy-panel__title" id="qy-journal-series">
        {CHROME_MSG.journal.series}
      </p>
      <ul className="qy-panel__links" aria-labelledby="qy-journal-series">
        <LinkItems links={JOURNAL_LINKS} onNavigate={onNavigate} />
      </ul>
    </div>
  );
}
