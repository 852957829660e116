// The plain fields of the article editor's tabs (titles, authors, dates, links, classes) and the
// frame of a rich-text field.
import { api, type ArticleClass, type ArticleFilter } from '@qianyan/shared/core';
import { DatePicker, Input, InputNumber, Radio, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import type { ArticleDocument, DocumentField } from '../../api';
import { RichTextEditor, type RichTextEditorProps } from '../../editor/RichTextEditor';
import { ED_MSG, SOURCES } from '../../messages';
import { MediaField } from './MediaField';

const F = ED_MSG.fields;

export type Update = <K extends DocumentField>(field: K, value: ArticleDocument[K]) => void;

interface TabProps {
  doc: ArticleDocument;
  update: Update;
  readOnly: boolean;
}

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="qy-ed-field">
      <span>{label}</span>
      {children}
      {hint && <small className="qy-ed-field__hint">{hint}</small>}
    </label>
  );
}

export function RichField(props: RichTextEditorProps) {
  return <RichTextEditor {...props} />;
}

function TextField({ doc, update, readOnly, field, max, area }: TabProps & { field: DocumentField; max: number; area?: number }) {
  const value = String(doc[field] ?? '');
  const onChange = (v: string) => update(field, v as never);
  return (
    <Field label={F[field as keyof typeof F]}>
      {area ? (
        <Input.TextArea value={value} maxLength={max} autoSize={{ minRows: area, maxRows: 12 }} disabled={readOnly} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input value={value} maxLength={max} disabled={readOnly} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export function BasicTab(props: TabProps) {
  const { doc, update, readOnly } = props;
  return (
    <div className="qy-ed-grid">
      <Field label={F.sourceId}>
        <Select
          value={doc.sourceId}
          disabled={readOnly}
          onChange={(v) => {
            update('sourceId', v);
            // A filter belongs to its source.
            update('filterId', null);
          }}
          options={SOURCES.map((s) => ({ value: s.id, label: `${s.name}（${s.id}）` }))}
        />
      </Field>
      <Field label={F.accessLevel}>
        <Radio.Group
          value={doc.accessLevel}
          disabled={readOnly}
          optionType="button"
          onChange={(e) => update('accessLevel', e.target.value)}
          options={(['public', 'login', 'member'] as const).map((a) => ({ value: a, label: ED_MSG.access[a] }))}
        />
      </Field>
      <div className="qy-ed-grid__wide">
        <TextField {...props} field="title" max={500} />
      </div>
      <TextField {...props} field="author" max={5000} />
      <TextField {...props} field="pcauthor" max={5000} />
      <div className="qy-ed-grid__wide">
        <TextField {...props} field="intro" max={20_000} area={4} />
      </div>
      <TextField {...props} field="keyword" max={1000} />
      <Field label={F.pubdate}>
        <DatePicker
          value={doc.pubdate ? dayjs(doc.pubdate) : null}
          disabled={readOnly}
          format="YYYY-MM-DD"
          style={{ width: '100%' }}
          onChange={(d) => update('pubdate', d ? d.format('YYYY-MM-DD') : '')}
        />
      </Field>
      <TextField {...props} field="permalinks" max={64} />
      <Field label={F.linkOnly}>
        <Switch checked={doc.linkOnly} disabled={readOnly} onChange={(v) => update('linkOnly', v)} />
      </Field>
      <Field label={F.thumb}>
        <MediaField {...props} field="thumb" />
      </Field>
      <Field label={F.videoUrl}>
        <MediaField {...props} field="videoUrl" />
      </Field>
      <div className="qy-ed-grid__wide">
        <TextField {...props} field="outlink" max={2000} />
      </div>
    </div>
  );
}

export function EnglishTab({
  actions,
  children,
  ...props
}: TabProps & { actions: ReactNode; children: { enAbstract: ReactNode; enBody: ReactNode; enReferences: ReactNode } }) {
  return (
    <>
      <div className="qy-ed-tab-actions">{actions}</div>
      <TextField {...props} field="outtitle" max={1000} />
      <TextField {...props} field="enAuthors" max={5000} area={2} />
      <div className="qy-ed-field">
        <span>{F.enAbstract}</span>
        {children.enAbstract}
      </div>
      <div className="qy-ed-field">
        <span>{F.enBody}</span>
        {children.enBody}
      </div>
      <div className="qy-ed-field">
        <span>{F.enReferences}</span>
        {children.enReferences}
      </div>
    </>
  );
}

function IdsField({ value, onChange, readOnly, label, max }: { value: number[]; onChange: (ids: number[]) => void; readOnly: boolean; label: string; max: number }) {
  return (
    <Field label={label} hint={ED_MSG.idsHint}>
      <Select
        mode="tags"
        value={value.map(String)}
        disabled={readOnly}
        tokenSeparators={[',', '，', ' ']}
        open={false}
        suffixIcon={null}
        onChange={(v: string[]) => onChange([...new Set(v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, max))}
      />
    </Field>
  );
}

function NullableId({ label, value, onChange, readOnly }: { label: string; value: number | null; onChange: (v: number | null) => void; readOnly: boolean }) {
  return (
    <Field label={label}>
      <InputNumber min={1} precision={0} value={value} disabled={readOnly} style={{ width: '100%' }} onChange={(v) => onChange(typeof v === 'number' ? v : null)} />
    </Field>
  );
}

export function RelationsTab({ doc, update, readOnly }: TabProps) {
  const [classes, setClasses] = useState<ArticleClass[]>([]);
  const [filters, setFilters] = useState<ArticleFilter[]>([]);
  useEffect(() => {
    api.article.selectArticleClass({ silent: true }).then(setClasses, () => setClasses([]));
  }, []);
  useEffect(() => {
    api.article.selectArticleFilter({ sourceId: doc.sourceId }, { silent: true }).then(setFilters, () => setFilters([]));
  }, [doc.sourceId]);
  return (
    <div className="qy-ed-grid">
      <div className="qy-ed-grid__wide">
        <Field label={F.classIds}>
          <Select
            mode="multiple"
            value={doc.classIds}
            disabled={readOnly}
            onChange={(v: number[]) => update('classIds', v)}
            options={classes.map((c) => ({ value: c.id, label: c.classname }))}
          />
        </Field>
      </div>
      <Field label={F.filterId}>
        <Select
          allowClear
          value={doc.filterId ?? undefined}
          disabled={readOnly}
          onChange={(v?: number) => update('filterId', v ?? null)}
          options={filters.map((f) => ({ value: f.id, label: f.filtername }))}
        />
      </Field>
      <NullableId label={F.typeId} value={doc.typeId} readOnly={readOnly} onChange={(v) => update('typeId', v)} />
      <NullableId label={F.weeklyIssueId} value={doc.weeklyIssueId} readOnly={readOnly} onChange={(v) => update('weeklyIssueId', v)} />
      <div className="qy-ed-grid__wide">
        <IdsField label={F.relationArticleIds} value={doc.relationArticleIds} readOnly={readOnly} max={50} onChange={(v) => update('relationArticleIds', v)} />
      </div>
    </div>
  );
}
