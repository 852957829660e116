import { useId } from 'react';
import { BILINGUAL_TEXT as T } from './messages';
import { READING_MODES, type ReadingMode } from './readingMode';
import './bilingual.css';

const LABELS: Record<ReadingMode, { text: string; lang?: string }> = {
  zh: { text: T.zh },
  en: { text: T.en, lang: 'en' },
  both: { text: T.both },
};

/** 中文 / English / 对照: a segmented control made of native radios (arrow keys move the choice). */
export function ReadingSwitch({ mode, onChange }: { mode: ReadingMode; onChange: (mode: ReadingMode) => void }) {
  const name = useId();
  return (
    <fieldset className="qy-bi-switch">
      <legend className="qy-ai-sr">{T.legend}</legend>
      {READING_MODES.map((m) => (
        <label key={m} className={m === mode ? 'qy-bi-option qy-bi-option-on' : 'qy-bi-option'}>
          <input type="radio" name={name} value={m} checked={m === mode} onChange={() => onChange(m)} />
          <span lang={LABELS[m].lang}>{LABELS[m].text}</span>
        </label>
      ))}
    </fieldset>
  );
}
