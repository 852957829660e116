// The changes of one field, as readers would read them: deleted text struck through in red,
// inserted text underlined in green (<del>/<ins>, so assistive technology names them too).
import type { DiffPart, FieldDiff } from './diff';
import { ED_MSG } from '../../messages';
import { CM } from '../../consoleMessages';

const LABELS = ED_MSG.fields as Record<string, string>;

export function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <div className="qy-ed-diff__text">
      {parts.map((p, i) =>
        p.kind === 'ins' ? (
          <ins key={i} className="qy-ed-diff__ins">{p.text}</ins>
        ) : p.kind === 'del' ? (
          <del key={i} className="qy-ed-diff__del">{p.text}</del>
        ) : p.kind === 'gap' ? (
          <span key={i} className="qy-ed-diff__gap" aria-hidden="true">{p.text}</span>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </div>
  );
}

/** The changed fields of a document, each under its label; none: says so. */
export function DiffView({ fields }: { fields: FieldDiff[] }) {
  if (fields.length === 0) return <p className="qy-ed-diff__none">{CM.noDifference}</p>;
  return (
    <div className="qy-ed-diff">
      <p className="qy-ed-diff__legend">
        <del className="qy-ed-diff__del">{CM.legendDel}</del> <ins className="qy-ed-diff__ins">{CM.legendIns}</ins>
      </p>
      {fields.map((f) => (
        <section key={f.field} className="qy-ed-diff__field" aria-label={LABELS[f.field] ?? f.field}>
          <h4>{LABELS[f.field] ?? f.field}</h4>
          <DiffText parts={f.parts} />
        </section>
      ))}
    </div>
  );
}
