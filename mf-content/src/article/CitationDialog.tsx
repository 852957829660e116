// The 引用本文 dialog: the article's citation in GB/T 7714-2015, AMA and APA, each with a copy
// button, and RIS and BibTeX downloads, of the Chinese translation or of the English original. The
// server formats them (modules/citation); this chunk loads on the first click of the button.
import { toast, useApiQuery } from '@qianyan/shared';
import { PlainButton, PlainErrorState, PlainLoadingState, useDismiss } from '@qianyan/shared/plain';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { citationApi, CITATION_STYLES, type CitationLang, type CitationText } from './citationApi';
import { CITE_TEXT as T } from './messages';
import './citation.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

function CitationRow({ citation }: { citation: CitationText }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(citation.text);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyFailed);
    }
  };
  return (
    <li className="qy-cite-row">
      <div className="qy-cite-row-head">
        <span className="qy-cite-style">{citation.style}</span>
        <PlainButton size="small" aria-label={T.copyStyle(citation.style)} onClick={copy}>
          {T.copy}
        </PlainButton>
      </div>
      <p className="qy-cite-text" lang={citation.lang === 'en' ? 'en' : 'zh-CN'}>
        {citation.text}
      </p>
    </li>
  );
}

export function CitationDialog({ articleId, onClose }: { articleId: number; onClose: () => void }) {
  const [lang, setLang] = useState<CitationLang>('zh');
  const [hasEnglish, setHasEnglish] = useState(false);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const query = useApiQuery(() => Promise.all(CITATION_STYLES.map((format) => citationApi.text({ id: articleId, lang, format }))), [articleId, lang]);
  const english = query.data?.[0]?.english;
  useEffect(() => {
    if (english) setHasEnglish(true);
  }, [english]);

  useDismiss(true, dialogRef, onClose);
  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, []);
  // Tab stays inside the dialog (it is modal).
  const keepFocus = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  const loaded = !query.loading && !query.error && query.data;
  return (
    <div className="qy-cite-mask">
      <div className="qy-cite-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialogRef} onKeyDown={keepFocus}>
        <div className="qy-cite-head">
          <h2 id={titleId}>{T.dialogTitle}</h2>
          <button type="button" className="qy-cite-close" aria-label={T.close} onClick={onClose}>
            ×
          </button>
        </div>
        {hasEnglish && (
          <div className="qy-cite-langs" role="group" aria-label={T.language}>
            {(['zh', 'en'] as const).map((l) => (
              <PlainButton key={l} size="small" variant={lang === l ? 'primary' : 'default'} aria-pressed={lang === l} onClick={() => setLang(l)}>
                {l === 'zh' ? T.chinese : T.english}
              </PlainButton>
            ))}
          </div>
        )}
        {query.error ? (
          <PlainErrorState message={query.error.message} onRetry={query.reload} />
        ) : !loaded ? (
          <PlainLoadingState rows={3} />
        ) : (
          <ul className="qy-cite-list">
            {query.data!.map((c) => (
              <CitationRow key={c.format} citation={c} />
            ))}
          </ul>
        )}
        <div className="qy-cite-files" role="group" aria-label={T.download}>
          <a className="qy-cite-file" href={citationApi.fileUrl({ id: articleId, lang, format: 'ris' })} download>
            {T.downloadRis}
          </a>
          <a className="qy-cite-file" href={citationApi.fileUrl({ id: articleId, lang, format: 'bibtex' })} download>
            {T.downloadBibtex}
          </a>
          <span className="qy-cite-hint">{T.downloadHint}</span>
        </div>
      </div>
    </div>
  );
}
