// 会议 editor: a conference notice or review (conferences/new, conferences/<id>): title, sponsor,
// begin and end (Beijing time; the end not before the begin), cover, disease areas, content and
// media; the workflow bar and the revisions are the article editor's. The server checks again.
import { useDocumentTitle } from '@qianyan/shared';
import { Button, DatePicker, Form, Input, Radio, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import '../../consoleScreens.css';
import { consolePath } from '../../routes';
import { conferencesApi, EMPTY_CONFERENCE, endsBeforeBegin, type ConferenceDocument, type EditorConference, type WorkflowAction } from '../courses/coursesApi';
import { CM } from '../courses/messages';
import { ClassSelect, MediaListField, RevisionsDrawer, useEditorRun, WorkflowBar } from '../courses/Workflow';
import { problemOf } from '../site/BannersPanel';
import { PictureField } from '../site/PictureField';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import '../courses/courses.css';

const FORMAT = 'YYYY-MM-DD HH:mm';

export function ConferenceForm({ doc, onChange, readOnly }: { doc: ConferenceDocument; onChange: (doc: ConferenceDocument) => void; readOnly?: boolean }) {
  const set = <K extends keyof ConferenceDocument>(key: K, value: ConferenceDocument[K]) => onChange({ ...doc, [key]: value });
  const badEnd = endsBeforeBegin(doc.beginTime, doc.endTime);
  const time = (key: 'beginTime' | 'endTime', label: string) => (
    <Form.Item label={label} extra={CM.timeFormat} validateStatus={key === 'endTime' && badEnd ? 'error' : undefined} help={key === 'endTime' && badEnd ? CM.endBeforeBegin : undefined}>
      <DatePicker
        aria-label={label}
        showTime={{ format: 'HH:mm' }}
        format={FORMAT}
        value={doc[key] ? dayjs(doc[key], FORMAT) : null}
        onChange={(d) => set(key, d ? d.format(FORMAT) : '')}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" className="qy-ed-courses__form" disabled={readOnly}>
      <Form.Item label={CM.title} required htmlFor="conf-title">
        <Input id="conf-title" value={doc.title} maxLength={500} onChange={(e) => set('title', e.target.value)} />
      </Form.Item>
      <Form.Item label={CM.subhead} htmlFor="conf-subhead">
        <Input id="conf-subhead" value={doc.subhead} onChange={(e) => set('subhead', e.target.value)} />
      </Form.Item>
      <Form.Item label={CM.status}>
        <Radio.Group value={doc.status} onChange={(e) => set('status', e.target.value as number)} options={[2, 1].map((v) => ({ value: v, label: CM.statuses[v] }))} />
      </Form.Item>
      <Form.Item label={CM.sponsor} htmlFor="conf-sponsor">
        <Input id="conf-sponsor" value={doc.sponsor} maxLength={128} onChange={(e) => set('sponsor', e.target.value)} />
      </Form.Item>
      <Space size="large" wrap>
        {time('beginTime', CM.beginTime)}
        {time('endTime', CM.endTime)}
      </Space>
      <Form.Item label={CM.classIds}>
        <ClassSelect label={CM.classIds} value={doc.classIds} onChange={(v) => set('classIds', v)} disabled={readOnly} />
      </Form.Item>
      <Form.Item label={CM.imgPc}>
        <PictureField label={CM.imgPc} value={doc.imgPc} onChange={(v) => set('imgPc', v)} />
      </Form.Item>
      <Form.Item label={CM.media}>
        <MediaListField value={doc.media} onChange={(v) => set('media', v)} disabled={readOnly} />
      </Form.Item>
      <Form.Item label={CM.conferenceContent} htmlFor="conf-content">
        <Input.TextArea id="conf-content" rows={8} value={doc.content} onChange={(e) => set('content', e.target.value)} />
      </Form.Item>
    </Form>
  );
}

/** Each conference (and each new one) is an editor of its own, remounted when the address changes (as the course editor). */
export default function ConferenceEditorPage() {
  const { id } = useParams();
  return <ConferenceEditor key={id} />;
}

function ConferenceEditor() {
  const { id: idParam } = useParams();
  const navigate = useNavigate();
  const isNew = idParam === 'new';
  const [conference, setConference] = useState<EditorConference | null>(null);
  const [doc, setDoc] = useState<ConferenceDocument>(EMPTY_CONFERENCE);
  const { busy, problem, setProblem, run } = useEditorRun<EditorConference>((next) => {
    setConference(next);
    setDoc(next.document);
  });
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  useDocumentTitle(conference?.document.title || CM.newConference);

  const load = useCallback(async () => {
    setProblem(null);
    if (isNew) return;
    try {
      const got = await conferencesApi.get(Number(idParam), { silent: true });
      setConference(got);
      setDoc(got.document);
    } catch (err) {
      setProblem(problemOf(err));
    }
  }, [idParam, isNew]);
  useEffect(() => void load(), [load]);

  const save = async () => {
    if (isNew) {
      const created = await run(() => conferencesApi.create(doc, { silent: true }), CM.created);
      if (created) navigate(consolePath(`conferences/${created.id}`), { replace: true });
    } else if (conference) {
      await run(() => conferencesApi.save(conference.id, conference.revision, doc, { silent: true }), CM.saved);
    }
  };
  const act = (action: WorkflowAction, publishAt?: string) =>
    conference &&
    run(() => conferencesApi.transition(action, { id: conference.id, revision: conference.revision, ...(publishAt ? { publishAt } : {}) }, { silent: true }), CM.done(CM[action], conference.document.title));
  const loadRevisions = useCallback(() => conferencesApi.revisions(Number(idParam), { silent: true }), [idParam]);

  if (!isNew && !conference && !problem) return <Spin />;
  const readOnly = !!conference && !conference.can.update;
  return (
    <div className="qy-ed-courses">
      <Link to={consolePath('conferences')}>← {CM.back}</Link>
      <Typography.Title level={3}>{isNew ? CM.newConference : conference?.document.title}</Typography.Title>
      {conference && <WorkflowBar item={conference} can={conference.can} busy={busy} onAction={(a, at) => void act(a, at)} onRevisions={() => setRevisionsOpen(true)} />}
      <ProblemAlert problem={problem} onReloadLatest={() => void load()} />
      <ConferenceForm doc={doc} onChange={setDoc} readOnly={readOnly} />
      {!readOnly && (
        <Button type="primary" loading={busy} onClick={() => void save()}>
          {isNew ? CM.create : CM.save}
        </Button>
      )}
      {conference && (
        <RevisionsDrawer
          open={revisionsOpen}
          load={loadRevisions}
          canRestore={conference.can.restore}
          onRestore={(revisionId) => {
            setRevisionsOpen(false);
            void run(() => conferencesApi.restore(conference.id, revisionId, conference.revision, { silent: true }), CM.restored);
          }}
          onClose={() => setRevisionsOpen(false)}
        />
      )}
    </div>
  );
}
