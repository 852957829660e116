// /editor/issues/:id — one weekly issue: its title and date, its journal, digest and animation
// articles in order (picked from published articles; moved up, down or dragged; removed), its
// catalogue (a link-only contents article), saved over the revision loaded; 发布本期 and 撤回本期.
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, CloseOutlined, HolderOutlined } from '@ant-design/icons';
import { toast, useDocumentTitle } from '@qianyan/shared';
import { Alert, Button, DatePicker, Input, Modal, Result, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { consoleApi, type IssueArticle, type IssueDetail } from '../../consoleApi';
import { CM } from '../../consoleMessages';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';
import { consolePath } from '../../routes';
import { StateTag } from '../articles/ArticleListPage';
import { ArticlePicker } from './ArticlePicker';
import { IssueStateTag } from './IssueListPage';
import { add, articleIds, move, remove, sameOrder, SECTIONS, toSections, type SectionKey, type Sections } from './ordering';

interface Edit {
  title: string;
  thedate: string;
  sections: Sections;
  catalogue: IssueArticle | null;
}

const fromIssue = (issue: IssueDetail): Edit => ({ title: issue.title, thedate: issue.thedate, sections: toSections(issue.articles), catalogue: issue.catalogue });

function OrderedArticles({ items, onChange, label }: { items: IssueArticle[]; onChange: (next: IssueArticle[]) => void; label: string }) {
  const [dragging, setDragging] = useState<number | null>(null);
  if (items.length === 0) return <p className="qy-ed-issue__empty">{CM.empty}</p>;
  return (
    <ol className="qy-ed-issue__list" aria-label={label}>
      {items.map((a, i) => (
        <li
          key={a.id}
          className={dragging === i ? 'is-dragging' : undefined}
          draggable
          onDragStart={(e) => {
            setDragging(i);
            e.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            if (dragging !== null) onChange(move(items, dragging, i));
            setDragging(null);
          }}
          onDragEnd={() => setDragging(null)}
        >
          <HolderOutlined className="qy-ed-issue__grip" title={CM.dragHint} />
          <span className="qy-ed-issue__no">{i + 1}</span>
          <span className="qy-ed-issue__title">
            <Link to={consolePath(`article/${a.id}`)}>{a.title}</Link>
            <Typography.Text type="secondary"> {a.permalinks}</Typography.Text>
          </span>
          <StateTag state={a.state} label={a.stateLabel} />
          <Space size={2}>
            <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`${CM.moveUp}：${a.title}`} disabled={i === 0} onClick={() => onChange(move(items, i, i - 1))} />
            <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`${CM.moveDown}：${a.title}`} disabled={i === items.length - 1} onClick={() => onChange(move(items, i, i + 1))} />
            <Button size="small" type="text" danger icon={<CloseOutlined />} aria-label={`${CM.remove}：${a.title}`} onClick={() => onChange(remove(items, a.id))} />
          </Space>
        </li>
      ))}
    </ol>
  );
}

export default function IssueEditorPage() {
  const id = Number(useParams().id);
  const [issue, setIssue] = useState<IssueDetail | null>(null);
  const [edit, setEdit] = useState<Edit | null>(null);
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // The hook's dialogs take the console's theme (the static Modal.confirm would not).
  const [modal, modalHolder] = Modal.useModal();
  useDocumentTitle(`${issue?.title || CM.issuesTitle} · ${ED_MSG.consoleName}`);

  const loaded = useCallback((next: IssueDetail) => {
    setIssue(next);
    setEdit(fromIssue(next));
  }, []);

  useEffect(() => {
    consoleApi
      .issue(id, { silent: true })
      .then(loaded)
      .catch((err: unknown) => setFailed(err instanceof Error ? err.message : ED_MSG.meFailed));
  }, [id, loaded]);

  const dirty = useMemo(() => {
    if (!issue || !edit) return false;
    return (
      edit.title !== issue.title ||
      edit.thedate !== issue.thedate ||
      (edit.catalogue?.id ?? null) !== (issue.catalogue?.id ?? null) ||
      !sameOrder(articleIds(edit.sections), issue.articles.map((a) => a.id))
    );
  }, [issue, edit]);

  const run = async (work: () => Promise<IssueDetail>, done: string) => {
    setBusy(true);
    try {
      loaded(await work());
      setError('');
      toast.success(done);
    } catch (err) {
      // Refusals (a conflict, an article elsewhere, nothing live to publish) stay on the page.
      setError(err instanceof Error ? err.message : ED_MSG.meFailed);
    } finally {
      setBusy(false);
    }
  };

  if (failed) return <Result status="warning" title={failed} extra={<Link to={consolePath('issues')}>{CM.backToIssues}</Link>} />;
  if (!issue || !edit) {
    return (
      <div className="qy-ed-loading">
        <Spin />
      </div>
    );
  }

  const save = () =>
    run(
      () =>
        consoleApi.saveIssue(
          {
            id: issue.id,
            baseRevision: issue.revision,
            title: edit.title.trim(),
            thedate: edit.thedate,
            articleIds: articleIds(edit.sections),
            catalogueId: edit.catalogue?.id ?? null,
          },
          { silent: true },
        ),
      CM.issueSaved,
    );

  const transition = (kind: 'publish' | 'withdraw') =>
    modal.confirm({
      title: kind === 'publish' ? CM.publishIssue : CM.withdrawIssue,
      content: kind === 'publish' ? CM.publishConfirm : CM.withdrawConfirm,
      okText: ED_MSG.ok,
      okButtonProps: { danger: kind === 'withdraw' },
      cancelText: ED_MSG.cancel,
      onOk: () =>
        run(
          () => (kind === 'publish' ? consoleApi.publishIssue(issue.id, issue.revision, { silent: true }) : consoleApi.withdrawIssue(issue.id, issue.revision, { silent: true })),
          kind === 'publish' ? CM.issuePublished : CM.issueWithdrawn,
        ),
    });

  const setSection = (key: SectionKey, next: IssueArticle[]) => setEdit((e) => (e ? { ...e, sections: { ...e.sections, [key]: next } } : e));
  const all = articleIds(edit.sections);

  return (
    <section className="qy-ed-page qy-ed-issue" aria-labelledby="qy-ed-issue-h">
      {modalHolder}
      <div className="qy-ed-article__bar">
        <Link className="qy-ed-back" to={consolePath('issues')}>
          <ArrowLeftOutlined /> {CM.backToIssues}
        </Link>
        <div className="qy-ed-article__title">
          <Typography.Title level={4} id="qy-ed-issue-h" style={{ margin: 0 }} ellipsis>
            {issue.title}
          </Typography.Title>
          <Space size={8} wrap>
            <IssueStateTag state={issue.state} label={issue.stateLabel} />
            <Tag>{ED_MSG.revisionLabel(issue.revision)}</Tag>
            <span className="qy-ed-save-state">{dirty ? CM.unsavedIssue : CM.articleCount(issue.articleCount, issue.liveCount)}</span>
          </Space>
        </div>
        <Space>
          {issue.state === 'published' && (
            <Button href="/latest-periodical" target="_blank" rel="noopener">
              {CM.viewOnSite}
            </Button>
          )}
          <Button type={dirty ? 'primary' : 'default'} loading={busy} disabled={!dirty} onClick={() => void save()}>
            {CM.saveIssue}
          </Button>
          {issue.state === 'draft' ? (
            <Button type="primary" disabled={busy || dirty} title={dirty ? CM.saveFirst : undefined} onClick={() => transition('publish')}>
              {CM.publishIssue}
            </Button>
          ) : (
            <Button danger disabled={busy || dirty} title={dirty ? CM.saveFirst : undefined} onClick={() => transition('withdraw')}>
              {CM.withdrawIssue}
            </Button>
          )}
        </Space>
      </div>
      {error && <Alert className="qy-ed-conflict" type="error" showIcon message={error} closable onClose={() => setError('')} />}
      <div className="qy-ed-issue__meta">
        <label className="qy-ed-field">
          <span>{CM.issueTitle}</span>
          <Input value={edit.title} maxLength={128} onChange={(e) => setEdit({ ...edit, title: e.target.value })} />
        </label>
        <label className="qy-ed-field">
          <span>{CM.issueDate}</span>
          <DatePicker
            allowClear={false}
            value={edit.thedate ? dayjs(edit.thedate) : null}
            onChange={(d) => d && setEdit({ ...edit, thedate: d.format('YYYY-MM-DD') })}
          />
        </label>
      </div>
      {SECTIONS.map((s) => {
        const label = CM.sections[s.key];
        return (
          <section key={s.key} className="qy-ed-issue__section" aria-label={label}>
            <div className="qy-ed-issue__section-head">
              <Typography.Title level={5} style={{ margin: 0 }}>
                {label} <Typography.Text type="secondary">{edit.sections[s.key].length}</Typography.Text>
              </Typography.Title>
              <div className="qy-ed-issue__picker">
                <ArticlePicker sourceId={s.sourceId} placeholder={CM.pickPlaceholder(label)} exclude={all} onPick={(a) => setSection(s.key, add(edit.sections[s.key], a))} />
              </div>
            </div>
            <OrderedArticles label={label} items={edit.sections[s.key]} onChange={(next) => setSection(s.key, next)} />
          </section>
        );
      })}
      <section className="qy-ed-issue__section" aria-label={CM.sections.catalogue}>
        <div className="qy-ed-issue__section-head">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {CM.sections.catalogue}
          </Typography.Title>
          <div className="qy-ed-issue__picker">
            <ArticlePicker sourceId={5} placeholder={CM.pickCatalogue} exclude={edit.catalogue ? [edit.catalogue.id] : []} onPick={(a) => setEdit({ ...edit, catalogue: a })} />
          </div>
        </div>
        {edit.catalogue ? (
          <div className="qy-ed-issue__catalogue">
            <span className="qy-ed-issue__title">
              {edit.catalogue.title} <Typography.Text type="secondary">{edit.catalogue.permalinks}</Typography.Text>
            </span>
            <Button size="small" type="text" danger icon={<CloseOutlined />} onClick={() => setEdit({ ...edit, catalogue: null })}>
              {CM.removeCatalogue}
            </Button>
          </div>
        ) : (
          <p className="qy-ed-issue__empty">{CM.noCatalogue}</p>
        )}
      </section>
    </section>
  );
}
