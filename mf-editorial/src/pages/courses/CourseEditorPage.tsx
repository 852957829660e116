// 课程 editor: one lesson, series or child lesson (courses/new, courses/new?parent=<series id>,
// courses/<id>). The fields follow the type: a series has no media and lists its child lessons in
// the order readers see them (moved up and down, saved at once); a video, audio or image-text
// course says what it needs; an outside-chain course needs only its address. The workflow bar and
// the revisions are the article editor's; the server checks every rule again.
import { useDocumentTitle } from '@qianyan/shared';
import { Button, Form, Input, Radio, Select, Space, Spin, Switch, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import '../../consoleScreens.css';
import { consolePath } from '../../routes';
import { problemOf } from '../site/BannersPanel';
import { PictureField } from '../site/PictureField';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import { coursesApi, EMPTY_LESSON, isSeries, lessonNeeds, moveChild, type ChildLesson, type EditorLesson, type LessonDocument, type WorkflowAction } from './coursesApi';
import { CM } from './messages';
import { ClassSelect, MediaListField, RevisionsDrawer, StateTag, useEditorRun, WorkflowBar } from './Workflow';
import './courses.css';

export function LessonForm({
  doc,
  onChange,
  readOnly,
  isChild,
}: {
  doc: LessonDocument;
  onChange: (doc: LessonDocument) => void;
  readOnly?: boolean;
  isChild?: boolean;
}) {
  const set = <K extends keyof LessonDocument>(key: K, value: LessonDocument[K]) => onChange({ ...doc, [key]: value });
  const series = isSeries(doc.subjectSerType);
  const needs = lessonNeeds(doc);
  const types = Object.entries(CM.subjectSerTypes)
    .map(([v, l]) => ({ value: Number(v), label: l }))
    .filter((o) => !isChild || !isSeries(o.value));
  return (
    <Form layout="vertical" className="qy-ed-courses__form" disabled={readOnly}>
      <Form.Item label={CM.title} required htmlFor="lesson-title">
        <Input id="lesson-title" value={doc.title} maxLength={500} onChange={(e) => set('title', e.target.value)} />
      </Form.Item>
      <Form.Item label={CM.subhead} htmlFor="lesson-subhead">
        <Input id="lesson-subhead" value={doc.subhead} onChange={(e) => set('subhead', e.target.value)} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item label={CM.subjectSerType}>
          <Select aria-label={CM.subjectSerType} value={doc.subjectSerType} style={{ width: 180 }} options={types} onChange={(v: number) => set('subjectSerType', v)} />
        </Form.Item>
        {!series && (
          <Form.Item label={CM.subjectType}>
            <Select
              aria-label={CM.subjectType}
              value={doc.subjectType}
              style={{ width: 140 }}
              options={Object.entries(CM.subjectTypes).map(([v, l]) => ({ value: Number(v), label: l }))}
              onChange={(v: number) => set('subjectType', v)}
            />
          </Form.Item>
        )}
        <Form.Item label={CM.memberOnly}>
          <Switch aria-label={CM.memberOnly} checked={doc.memberOnly === 1} checkedChildren={CM.memberOnlyYes} unCheckedChildren={CM.memberOnlyNo} onChange={(on) => set('memberOnly', on ? 1 : 0)} />
        </Form.Item>
      </Space>
      <Form.Item label={CM.ifViewAuth}>
        <Radio.Group value={doc.ifViewAuth} onChange={(e) => set('ifViewAuth', e.target.value as number)} options={[1, 2].map((v) => ({ value: v, label: CM.ifViewAuths[v] }))} />
      </Form.Item>
      <Form.Item label={CM.classIds}>
        <ClassSelect label={CM.classIds} value={doc.classIds} onChange={(v) => set('classIds', v)} disabled={readOnly} />
      </Form.Item>
      <Space size="large" align="start" wrap>
        <Form.Item label={CM.coverPc}>
          <PictureField label={CM.coverPc} value={doc.coverPc} onChange={(v) => set('coverPc', v)} />
        </Form.Item>
        <Form.Item label={CM.coverMobile}>
          <PictureField label={CM.coverMobile} value={doc.coverMobile} onChange={(v) => set('coverMobile', v)} />
        </Form.Item>
      </Space>
      {!series && (
        <>
          <Form.Item label={CM.outsideChain} extra={CM.outsideChainHint} htmlFor="lesson-outside">
            <Input id="lesson-outside" value={doc.outsideChain} placeholder="https://" onChange={(e) => set('outsideChain', e.target.value)} />
          </Form.Item>
          <Form.Item label={CM.media}>
            {needs && <p className="qy-ed-courses__need">{CM.needs[needs]}</p>}
            <MediaListField value={doc.media} onChange={(v) => set('media', v)} disabled={readOnly} />
          </Form.Item>
        </>
      )}
      <Form.Item label={CM.content} htmlFor="lesson-content">
        <Input.TextArea id="lesson-content" rows={6} value={doc.content} onChange={(e) => set('content', e.target.value)} />
      </Form.Item>
      <Form.Item label={CM.aboutcontent} htmlFor="lesson-about">
        <Input.TextArea id="lesson-about" rows={4} value={doc.aboutcontent} onChange={(e) => set('aboutcontent', e.target.value)} />
      </Form.Item>
    </Form>
  );
}

/** A series' child lessons in their order: each moved up or down is saved at once (an edit of the series). */
export function ChildrenTable({ lesson, onOrder, busy }: { lesson: EditorLesson; onOrder: (ids: number[]) => void; busy?: boolean }) {
  const ids = lesson.children.map((c) => c.id);
  return (
    <Table<ChildLesson>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={lesson.children}
      locale={{ emptyText: CM.noChildren }}
      columns={[
        { title: '#', render: (_: unknown, _r, i) => i + 1 },
        { title: CM.title, dataIndex: 'title', render: (t: string, r) => <Link to={consolePath(`courses/${r.id}`)}>{t}</Link> },
        { title: CM.subjectSerType, dataIndex: 'subjectSerType', render: (t: number) => CM.subjectSerTypes[t] ?? t },
        { title: CM.memberOnly, dataIndex: 'memberOnly', render: (m: number, r) => `${m ? CM.memberOnlyYes : CM.memberOnlyNo}${r.ifViewAuth === 1 ? ' · 需补齐资料' : ''}` },
        { title: CM.state, render: (_: unknown, r) => <StateTag item={r} /> },
        {
          title: CM.actions,
          render: (_: unknown, r, i) => (
            <Space>
              <Button size="small" aria-label={`${CM.up}：${r.title}`} disabled={busy || !lesson.can.update || i === 0} onClick={() => onOrder(moveChild(ids, r.id, -1))}>
                {CM.up}
              </Button>
              <Button size="small" aria-label={`${CM.down}：${r.title}`} disabled={busy || !lesson.can.update || i === ids.length - 1} onClick={() => onOrder(moveChild(ids, r.id, 1))}>
                {CM.down}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}

/**
 * Each item (and each new one, with its series) is an editor of its own: going from a series to
 * its new child lesson remounts it, so not a frame shows the last item's fields, and nothing typed
 * into the new one can be wiped by a reset arriving after it.
 */
export default function CourseEditorPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  return <CourseEditor key={`${id}:${search.get('parent') ?? ''}`} />;
}

function CourseEditor() {
  const { id: idParam } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const isNew = idParam === 'new';
  const parentId = Number(search.get('parent')) || null;
  const [lesson, setLesson] = useState<EditorLesson | null>(null);
  const [doc, setDoc] = useState<LessonDocument>({ ...EMPTY_LESSON, parentId });
  const { busy, problem, setProblem, run } = useEditorRun<EditorLesson>((next) => {
    setLesson(next);
    setDoc(next.document);
  });
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  useDocumentTitle(lesson?.document.title || CM.newLesson);

  const load = useCallback(async () => {
    setProblem(null);
    if (isNew) return;
    try {
      const got = await coursesApi.get(Number(idParam), { silent: true });
      setLesson(got);
      setDoc(got.document);
    } catch (err) {
      setProblem(problemOf(err));
    }
  }, [idParam, isNew, parentId]);
  useEffect(() => void load(), [load]);

  const save = async () => {
    if (isNew) {
      const created = await run(() => coursesApi.create(doc, { silent: true }), CM.created);
      if (created) navigate(consolePath(`courses/${created.id}`), { replace: true });
    } else if (lesson) {
      await run(() => coursesApi.save(lesson.id, lesson.revision, doc, { silent: true }), CM.saved);
    }
  };
  const act = (action: WorkflowAction, publishAt?: string) =>
    lesson && run(() => coursesApi.transition(action, { id: lesson.id, revision: lesson.revision, ...(publishAt ? { publishAt } : {}) }, { silent: true }), CM.done(CM[action], lesson.document.title));
  const order = (ids: number[]) => lesson && run(() => coursesApi.order(lesson.id, lesson.revision, ids, { silent: true }), CM.orderSaved);
  const loadRevisions = useCallback(() => coursesApi.revisions(Number(idParam), { silent: true }), [idParam]);

  if (!isNew && !lesson && !problem) return <Spin />;
  const readOnly = !!lesson && !lesson.can.update;
  const isChild = doc.parentId !== null;
  return (
    <div className="qy-ed-courses">
      <Space style={{ marginBottom: 8 }}>
        <Link to={consolePath(isChild && doc.parentId ? `courses/${doc.parentId}` : 'courses')}>{isChild ? `← ${CM.parent}` : `← ${CM.back}`}</Link>
      </Space>
      <Typography.Title level={3}>{isNew ? (isChild ? CM.newChild : CM.newLesson) : lesson?.document.title}</Typography.Title>
      {lesson && (
        <>
          <p>
            {CM.lessonResId}：{lesson.lessonResId}
            {lesson.state === 'published' && (
              <>
                {' · '}
                <a href={isSeries(lesson.document.subjectSerType) ? `/series-courses?id=${lesson.lessonResId}` : `/course-video?id=${lesson.lessonResId}`} target="_blank" rel="noreferrer">
                  {CM.viewOnSite}
                </a>
              </>
            )}
          </p>
          <WorkflowBar item={lesson} can={lesson.can} busy={busy} onAction={(a, at) => void act(a, at)} onRevisions={() => setRevisionsOpen(true)} />
        </>
      )}
      <ProblemAlert problem={problem} onReloadLatest={() => void load()} />
      <LessonForm doc={doc} onChange={setDoc} readOnly={readOnly} isChild={isChild} />
      {!readOnly && (
        <Button type="primary" loading={busy} onClick={() => void save()}>
          {isNew ? CM.create : CM.save}
        </Button>
      )}
      {lesson && isSeries(lesson.document.subjectSerType) && (
        <div className="qy-ed-courses__children">
          <Space style={{ marginBottom: 8 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {CM.children}
            </Typography.Title>
            {lesson.can.update && <Button onClick={() => navigate(consolePath(`courses/new?parent=${lesson.id}`))}>{CM.newChild}</Button>}
          </Space>
          <ChildrenTable lesson={lesson} onOrder={(ids) => void order(ids)} busy={busy} />
        </div>
      )}
      {lesson && (
        <RevisionsDrawer
          open={revisionsOpen}
          load={loadRevisions}
          canRestore={lesson.can.restore}
          onRestore={(revisionId) => {
            setRevisionsOpen(false);
            void run(() => coursesApi.restore(lesson.id, revisionId, lesson.revision, { silent: true }), CM.restored);
          }}
          onClose={() => setRevisionsOpen(false)}
        />
      )}
    </div>
  );
}
