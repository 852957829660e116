// 周刊邮件 (editors and admins): choose a published weekly issue, write the subject and intro,
// preview the mail, test-send it to one's own e-mail, then send it to the consenting readers as a
// background job whose progress (sent, failed, skipped of total) is polled below. Sending is open
// only after a test send of exactly the words on the form; the server sends an issue once and mails
// each reader once.
import { toast, useDocumentTitle } from '@qianyan/shared';
import { Alert, Button, Form, Input, InputNumber, Modal, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { consoleApi, type IssueListItem } from '../../consoleApi';
import '../../consoleScreens.css';
import './newsletter.css';
import { ED_MSG } from '../../messages';
import { problemOf } from '../site/BannersPanel';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import { NM } from './messages';
import { composeKey, composeOf, newsletterApi, percentOf, type NewsletterJob, type NewsletterPreview } from './newsletterApi';

/** How often a running send's progress is asked for. */
export const POLL_MS = 2000;

interface FormValues {
  issueId?: number;
  subject?: string;
  intro?: string;
  ratePerSecond?: number;
}

const shanghai = (iso: string) => (iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '');

export function JobsTable({ jobs }: { jobs: NewsletterJob[] }) {
  return (
    <Table<NewsletterJob>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={jobs}
      locale={{ emptyText: NM.noJobs }}
      columns={[
        { title: NM.col.issue, dataIndex: 'issueTitle' },
        { title: NM.col.subject, dataIndex: 'subject' },
        {
          title: NM.col.progress,
          key: 'progress',
          width: 320,
          render: (_, job) => (
            <div aria-label={`${job.subject} ${NM.col.progress}`}>
              <Progress percent={percentOf(job)} size="small" status={job.state === 'running' ? 'active' : job.failed > 0 ? 'exception' : 'success'} />
              <div className="qy-ed-newsletter__counts">{NM.progress(job.sent, job.total, job.failed, job.skipped)}</div>
              {job.failures.length > 0 && (
                <details>
                  <summary>{NM.failures}</summary>
                  <ul>
                    {job.failures.map((f) => (
                      <li key={f.email}>
                        {f.email}：{f.error}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </div>
          ),
        },
        { title: NM.col.state, key: 'state', width: 90, render: (_, job) => <Tag color={job.state === 'running' ? 'processing' : 'success'}>{job.stateLabel}</Tag> },
        { title: NM.col.by, dataIndex: 'createdByName', width: 120 },
        { title: NM.col.at, key: 'at', width: 170, render: (_, job) => shanghai(job.createdAt) },
      ]}
    />
  );
}

/** The sends with their progress, polled while one is running. */
function useJobs() {
  const [jobs, setJobs] = useState<NewsletterJob[]>([]);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const load = useCallback(async () => {
    try {
      setJobs((await newsletterApi.jobs({ silent: true })).results);
    } catch (err) {
      setProblem(problemOf(err));
    }
  }, []);
  useEffect(() => void load(), [load]);
  const running = jobs.some((j) => j.state === 'running');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, load]);
  return { jobs, problem, reload: load };
}

/** The form; the first of `issues` (the newest not yet sent) is chosen to begin with. */
export function NewsletterForm({ issues, onSent }: { issues: IssueListItem[]; onSent: (job: NewsletterJob) => void }) {
  const [form] = Form.useForm<FormValues>();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState<'preview' | 'test' | 'send' | null>(null);
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  const [tested, setTested] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const values = Form.useWatch([], form) as FormValues | undefined;
  const current = composeOf(values ?? {});
  const canSend = tested !== null && tested === composeKey(current);
  const issueTitle = issues.find((i) => i.id === current.issueId)?.title ?? '';

  /** The form's fields, checked here first (the server checks again). */
  const checked = async () => {
    await form.validateFields();
    return composeOf(form.getFieldsValue());
  };

  const run = async (what: 'preview' | 'test', action: () => Promise<void>) => {
    setProblem(null);
    try {
      setBusy(what);
      await action();
    } catch (err) {
      if ((err as { errorFields?: unknown }).errorFields) return;
      setProblem(problemOf(err));
    } finally {
      setBusy(null);
    }
  };

  const doPreview = () =>
    run('preview', async () => {
      setPreview(await newsletterApi.preview(await checked(), { silent: true }));
    });
  const doTest = () =>
    run('test', async () => {
      const body = await checked();
      const reply = await newsletterApi.testSend(body, { silent: true });
      setTested(composeKey(body));
      toast.success(reply.msg);
    });
  const doSend = async () => {
    setProblem(null);
    setBusy('send');
    try {
      const job = await newsletterApi.send({ ...current, ratePerSecond: form.getFieldValue('ratePerSecond') ?? 5 }, { silent: true });
      setConfirming(false);
      setTested(null);
      toast.success(NM.started);
      onSent(job);
    } catch (err) {
      setConfirming(false);
      setProblem(problemOf(err));
    } finally {
      setBusy(null);
    }
  };
  /** The confirmation names how many readers a send reaches now (asked again each time). */
  const askSend = async () => {
    setProblem(null);
    try {
      setPreview(await newsletterApi.preview(await checked(), { silent: true }));
      setConfirming(true);
    } catch (err) {
      if (!(err as { errorFields?: unknown }).errorFields) setProblem(problemOf(err));
    }
  };

  return (
    <div className="qy-ed-newsletter">
      <Form<FormValues>
        form={form}
        layout="vertical"
        className="qy-ed-newsletter__form"
        initialValues={{ ratePerSecond: 5, intro: '', issueId: issues[0]?.id, subject: issues[0] ? NM.defaultSubject(issues[0].title) : '' }}
        onValuesChange={(changed) => {
          if ('issueId' in changed) {
            const issue = issues.find((i) => i.id === changed.issueId);
            if (issue && !form.getFieldValue('subject')) form.setFieldValue('subject', NM.defaultSubject(issue.title));
          }
        }}
      >
        <ProblemAlert problem={problem} />
        <Form.Item name="issueId" label={NM.issue} rules={[{ required: true, message: NM.issueRequired }]}>
          <Select
            placeholder={NM.issuePlaceholder}
            options={issues.map((i) => ({ value: i.id, label: `${i.title}（${i.thedate}，${i.liveCount} 篇）` }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="subject" label={NM.subject} rules={[{ required: true, whitespace: true, message: NM.subjectRequired }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="intro" label={NM.intro}>
          <Input.TextArea rows={3} maxLength={2000} placeholder={NM.introPlaceholder} />
        </Form.Item>
        <Form.Item name="ratePerSecond" label={NM.rate}>
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Space wrap>
          <Button onClick={doPreview} loading={busy === 'preview'}>
            {NM.preview}
          </Button>
          <Button onClick={doTest} loading={busy === 'test'}>
            {NM.testSend}
          </Button>
          <Button type="primary" onClick={askSend} disabled={!canSend} title={canSend ? undefined : NM.sendDisabled}>
            {NM.send}
          </Button>
          {!canSend && <Typography.Text type="secondary">{NM.sendDisabled}</Typography.Text>}
        </Space>
      </Form>
      {preview && (
        <div className="qy-ed-newsletter__preview">
          <Alert type="info" showIcon title={NM.recipients(preview.recipients)} description={NM.articles(preview.articleCount, preview.issueArticleCount)} />
          <iframe title={NM.previewTitle} srcDoc={preview.html} sandbox="" className="qy-ed-newsletter__frame" />
        </div>
      )}
      <Modal
        open={confirming}
        title={NM.confirmTitle}
        okText={NM.confirmOk}
        cancelText={NM.cancel}
        confirmLoading={busy === 'send'}
        onOk={() => void doSend()}
        onCancel={() => setConfirming(false)}
      >
        <p>{NM.confirmBody(preview?.recipients ?? 0, issueTitle)}</p>
      </Modal>
    </div>
  );
}

export default function NewsletterPage() {
  useDocumentTitle(`${NM.title} · ${ED_MSG.consoleName}`);
  const [issues, setIssues] = useState<IssueListItem[] | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const { jobs, problem: jobsProblem, reload } = useJobs();
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    consoleApi
      .issues({ state: 'published', pageSize: 50 }, { silent: true })
      .then((page) => setIssues(page.results))
      .catch((err) => setProblem(problemOf(err)));
  }, []);
  const sentIssues = useMemo(() => new Set(jobs.map((j) => j.issueId)), [jobs]);

  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-newsletter-h">
      <div className="qy-ed-page__head">
        <Typography.Title level={3} id="qy-ed-newsletter-h" style={{ margin: 0 }}>
          {NM.title}
        </Typography.Title>
      </div>
      <p className="qy-ed-site__hint">{NM.hint}</p>
      <ProblemAlert problem={problem} />
      {issues && <NewsletterForm key={jobs.length} issues={issues.filter((i) => !sentIssues.has(i.id))} onSent={() => void reload()} />}
      <Typography.Title level={4} style={{ marginTop: 32 }}>
        {NM.jobs}
      </Typography.Title>
      <ProblemAlert problem={jobsProblem} />
      <JobsTable jobs={jobs} />
    </section>
  );
}
