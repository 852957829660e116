// /editor/article/:id — one article's editorial document: every field of the server's save, in
// tabs; rich text in TipTap; save with the revision it was based on (a conflict keeps the editor's
// text); the workflow by role and state; imports of a JATS original and a Word translation.
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { ApiError, toast, useDocumentTitle } from '@qianyan/shared';
import { Alert, Button, Input, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CODE_CONFLICT, editorApi, type ArticleDocument, type DocumentField, type EditorArticle } from '../../api';
import { CM } from '../../consoleMessages';
import { ED_MSG } from '../../messages';
import { consolePath } from '../../routes';
import { StateTag } from '../articles/ArticleListPage';
import { BasicTab, EnglishTab, RelationsTab, RichField } from './fields';
import { ImportButton } from './ImportButton';
import { PublishTab } from './PublishTab';

const F = ED_MSG.fields;

export interface Conflict {
  message: string;
  latest: EditorArticle | null;
}

/** The document being edited: the loaded one with the editor's changes, and which fields changed. */
export interface Draft {
  doc: ArticleDocument;
  dirty: Set<DocumentField>;
}

export default function ArticleEditorPage() {
  const id = Number(useParams().id);
  const [article, setArticle] = useState<EditorArticle | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  // Bumped when text comes from elsewhere (an import, the latest version): the editors start again from it.
  const [loadSeq, setLoadSeq] = useState(0);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [tab, setTab] = useState('basic');
  const draftRef = useRef(draft);
  draftRef.current = draft;
  useDocumentTitle(`${article?.document.title || ED_MSG.articlesTitle} · ${ED_MSG.consoleName}`);

  const load = useCallback((next: EditorArticle) => {
    setArticle(next);
    setDraft({ doc: { ...next.document }, dirty: new Set() });
    setLoadSeq((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!Number.isSafeInteger(id) || id < 1) {
      setFailed(ED_MSG.notFound);
      return;
    }
    editorApi
      .get(id, { silent: true })
      .then(load)
      .catch((err: unknown) => setFailed(err instanceof Error ? err.message : ED_MSG.notFound));
  }, [id, load]);

  const dirty = (draft?.dirty.size ?? 0) > 0;
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const update = useCallback(<K extends DocumentField>(field: K, value: ArticleDocument[K]) => {
    setDraft((d) => (d ? { doc: { ...d.doc, [field]: value }, dirty: new Set(d.dirty).add(field) } : d));
  }, []);

  /**
   * Saves the changed fields based on `base` (the revision loaded, or the latest one when the editor
   * chose to keep their text over someone else's). Resolves with the saved article, or null.
   */
  const save = useCallback(
    async (base?: number): Promise<EditorArticle | null> => {
      const current = draftRef.current;
      if (!article || !current) return null;
      if (current.dirty.size === 0) return article;
      const changes = Object.fromEntries([...current.dirty].map((f) => [f, current.doc[f]])) as Partial<ArticleDocument>;
      setSaving(true);
      try {
        const saved = await editorApi.save(article.id, base ?? article.revision, changes, { silent: true });
        setArticle(saved);
        setConflict(null);
        // Fields changed while the save was on its way stay dirty.
        setDraft((d) => {
          if (!d) return d;
          const still = new Set([...d.dirty].filter((f) => d.doc[f] !== current.doc[f]));
          const doc = { ...saved.document };
          for (const f of still) (doc as Record<string, unknown>)[f] = d.doc[f];
          // The editors keep showing what was typed (the server's sanitised HTML is the same text).
          for (const f of current.dirty) if (!still.has(f)) (doc as Record<string, unknown>)[f] = current.doc[f];
          return { doc, dirty: still };
        });
        toast.success(ED_MSG.saved);
        return saved;
      } catch (err) {
        if (err instanceof ApiError && err.code === CODE_CONFLICT) {
          // Someone saved first: nothing is lost, the text stays in the editors (and the server kept it as a revision not applied).
          const latest = await editorApi.get(article.id, { silent: true }).catch(() => null);
          setConflict({ message: err.message, latest });
        } else {
          toast.error(err instanceof Error ? err.message : ED_MSG.meFailed);
        }
        return null;
      } finally {
        setSaving(false);
      }
    },
    [article],
  );

  /** Saves first when something changed, then runs `action` with the saved article. */
  const afterSave = useCallback(
    async (action: (saved: EditorArticle) => Promise<void>) => {
      const saved = await save();
      if (saved) await action(saved);
    },
    [save],
  );

  if (failed) return <Result status="warning" title={failed} extra={<Link to={consolePath('')}>{ED_MSG.back}</Link>} />;
  if (!article || !draft) {
    return (
      <div className="qy-ed-loading">
        <Spin />
      </div>
    );
  }

  const readOnly = !article.can.update;
  const doc = draft.doc;
  const rich = (field: DocumentField, options: { freeDivider?: boolean; minHeight?: number } = {}) => (
    <RichField
      key={`${field}-${loadSeq}`}
      label={F[field as keyof typeof F]}
      initialHtml={String(doc[field] ?? '')}
      onChange={(html) => update(field, html as never)}
      readOnly={readOnly}
      {...options}
    />
  );

  const importing = (kind: 'jats' | 'docx') => (
    <ImportButton
      kind={kind}
      disabled={readOnly || saving}
      prepare={save}
      onImported={(next) => {
        load(next);
        setConflict(null);
      }}
    />
  );

  const items = [
    { key: 'basic', label: ED_MSG.tabs.basic, children: <BasicTab doc={doc} update={update} readOnly={readOnly} /> },
    {
      key: 'body',
      label: ED_MSG.tabs.body,
      children: (
        <>
          <div className="qy-ed-tab-actions">{importing('docx')}</div>
          {rich('content', { minHeight: 420 })}
        </>
      ),
    },
    {
      key: 'commentary',
      label: ED_MSG.tabs.commentary,
      children: (
        <>
          <label className="qy-ed-field">
            <span>{F.wantsayTitle}</span>
            <Input value={doc.wantsayTitle} maxLength={500} disabled={readOnly} onChange={(e) => update('wantsayTitle', e.target.value)} />
          </label>
          <div className="qy-ed-field">
            <span>{F.wantsay}</span>
            {rich('wantsay', { freeDivider: true, minHeight: 320 })}
          </div>
        </>
      ),
    },
    {
      key: 'english',
      label: ED_MSG.tabs.english,
      children: (
        <EnglishTab doc={doc} update={update} readOnly={readOnly} actions={importing('jats')}>
          {{ enAbstract: rich('enAbstract', { minHeight: 160 }), enBody: rich('enBody', { minHeight: 360 }), enReferences: rich('enReferences', { minHeight: 200 }) }}
        </EnglishTab>
      ),
    },
    {
      key: 'references',
      label: ED_MSG.tabs.references,
      children: (
        <>
          {(['aboutcontent', 'appendix', 'thank', 'coi'] as const).map((f) => (
            <div className="qy-ed-field" key={f}>
              <span>{F[f]}</span>
              {rich(f, { minHeight: 140 })}
            </div>
          ))}
        </>
      ),
    },
    { key: 'relations', label: ED_MSG.tabs.relations, children: <RelationsTab doc={doc} update={update} readOnly={readOnly} /> },
    {
      key: 'publish',
      label: ED_MSG.tabs.publish,
      children: <PublishTab article={article} dirty={dirty} afterSave={afterSave} onChanged={(next) => { setArticle(next); setDraft((d) => (d ? { ...d } : d)); }} />,
    },
  ];

  return (
    <section className="qy-ed-page qy-ed-article" aria-labelledby="qy-ed-article-h">
      <div className="qy-ed-article__bar">
        <Link to={consolePath('')} className="qy-ed-back">
          <ArrowLeftOutlined /> {ED_MSG.back}
        </Link>
        <div className="qy-ed-article__title">
          <Typography.Title level={4} id="qy-ed-article-h" ellipsis style={{ margin: 0 }}>
            {doc.title || '—'}
          </Typography.Title>
          <Space size={6}>
            <StateTag state={article.state} label={article.stateLabel} />
            <Tag>{ED_MSG.revisionLabel(article.revision)}</Tag>
            {article.state === 'scheduled' && <Tag color="blue">{ED_MSG.scheduledFor(article.publishAtShanghai)}</Tag>}
          </Space>
        </div>
        <Space>
          <Link to={consolePath(`article/${article.id}/revisions`)}>{CM.revisionsTitle}</Link>
          <Link to={consolePath(`article/${article.id}/preview`)}>{CM.previewTitle}</Link>
          <span className="qy-ed-save-state" aria-live="polite">
            {saving ? ED_MSG.saving : dirty ? ED_MSG.unsaved : ''}
          </span>
          {!readOnly && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={() => void save()}>
              {ED_MSG.save}
            </Button>
          )}
        </Space>
      </div>
      {conflict && (
        <Alert
          className="qy-ed-conflict"
          type="error"
          showIcon
          role="alert"
          message={ED_MSG.conflictTitle}
          description={
            <>
              <p>{conflict.message}</p>
              <p>{ED_MSG.conflictKept}</p>
              <Space wrap>
                {conflict.latest && (
                  <Button type="primary" danger onClick={() => void save(conflict.latest!.revision)}>
                    {ED_MSG.overwrite(conflict.latest.revision)}
                  </Button>
                )}
                {conflict.latest && <Button onClick={() => { load(conflict.latest!); setConflict(null); }}>{ED_MSG.reloadLatest}</Button>}
                <Button type="text" onClick={() => setConflict(null)}>
                  {ED_MSG.keepEditing}
                </Button>
              </Space>
            </>
          }
        />
      )}
      <Tabs activeKey={tab} onChange={setTab} items={items} destroyOnHidden={false} />
    </section>
  );
}
