import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@qianyan/shared/core';
import type { IssueListItem } from '../../consoleApi';
import { NM } from './messages';
import { JobsTable, NewsletterForm } from './NewsletterPage';
import { composeKey, composeOf, newsletterApi, percentOf, type NewsletterJob } from './newsletterApi';

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const issue: IssueListItem = {
  id: 7,
  title: '2026年第20期',
  thedate: '2026-05-18',
  state: 'published',
  stateLabel: '已发布',
  revision: 2,
  articleCount: 5,
  liveCount: 5,
  catalogue: null,
  publishedAt: '2026-05-18T01:00:00.000Z',
  createdBy: null,
  updatedAt: '2026-05-18T01:00:00.000Z',
};
const job = (fields: Partial<NewsletterJob> = {}): NewsletterJob => ({
  id: 3,
  issueId: 7,
  issueTitle: issue.title,
  list: 'nejm',
  subject: '千言医学周刊｜2026年第20期',
  state: 'running',
  stateLabel: '发送中',
  ratePerSecond: 5,
  total: 10,
  sent: 4,
  failed: 0,
  skipped: 1,
  pending: 5,
  createdByName: 'demo_editor',
  createdAt: '2026-05-18T02:00:00.000Z',
  finishedAt: '',
  failures: [],
  ...fields,
});
const preview = { subject: 's', html: '<p>预览正文</p>', text: '', articleCount: 5, issueArticleCount: 5, recipients: 12 };

/** A button by its text (antd puts a space between the two characters of a two-character label). */
const button = (text: string) => screen.getByText(new RegExp(`^${[...text].join('\\s*')}$`));

describe('newsletter helpers', () => {
  it('compares what was test-sent by its trimmed words, and counts progress over every reader dealt with', () => {
    expect(composeKey(composeOf({ issueId: 7, subject: ' 周刊 ', intro: '导语 ' }))).toBe(composeKey({ issueId: 7, subject: '周刊', intro: '导语' }));
    expect(composeKey(composeOf({ issueId: 7, subject: '周刊' }))).not.toBe(composeKey(composeOf({ issueId: 8, subject: '周刊' })));
    expect(percentOf({ total: 10, sent: 4, failed: 1, skipped: 0 })).toBe(50);
    expect(percentOf({ total: 0, sent: 0, failed: 0, skipped: 0 })).toBe(100);
  });
});

describe('the newsletter form', () => {
  it('refuses a newsletter with no issue without asking the server', async () => {
    const spy = jest.spyOn(newsletterApi, 'testSend');
    render(<NewsletterForm issues={[]} onSent={() => undefined} />);
    await userEvent.click(screen.getByText(NM.testSend));
    expect(await screen.findByText(NM.issueRequired)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('opens sending only after a test send of exactly the words on the form', async () => {
    const test = jest.spyOn(newsletterApi, 'testSend').mockResolvedValue({ email: 'demo_editor@example.com', msg: '测试邮件已发送到 demo_editor@example.com', articleCount: 5 });
    render(<NewsletterForm issues={[issue]} onSent={() => undefined} />);
    // The newest issue not yet sent is chosen, with a subject naming it.
    expect(screen.getByLabelText(NM.subject)).toHaveValue(NM.defaultSubject(issue.title));
    const sendButton = () => screen.getByText(NM.send).closest('button')!;
    expect(sendButton()).toBeDisabled();
    await userEvent.click(screen.getByText(NM.testSend));
    await waitFor(() => expect(test).toHaveBeenCalledWith({ issueId: 7, subject: NM.defaultSubject(issue.title), intro: '' }, { silent: true }));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    // Changing the words closes it again until they are test-sent.
    fireEvent.change(screen.getByLabelText(NM.intro), { target: { value: '本周' } });
    await waitFor(() => expect(sendButton()).toBeDisabled());
  });

  it('sends what was test-sent after the confirmation naming how many readers it reaches', async () => {
    jest.spyOn(newsletterApi, 'testSend').mockResolvedValue({ email: 'demo_editor@example.com', msg: '已发送', articleCount: 5 });
    jest.spyOn(newsletterApi, 'preview').mockResolvedValue(preview);
    const send = jest.spyOn(newsletterApi, 'send').mockResolvedValue(job());
    const onSent = jest.fn();
    render(<NewsletterForm issues={[issue]} onSent={onSent} />);
    await userEvent.click(screen.getByText(NM.testSend));
    const sendButton = screen.getByText(NM.send).closest('button')!;
    await waitFor(() => expect(sendButton).toBeEnabled());
    await userEvent.click(sendButton);
    expect(await screen.findByText(NM.confirmBody(12, issue.title))).toBeInTheDocument();
    await userEvent.click(button(NM.confirmOk));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ issueId: 7, subject: NM.defaultSubject(issue.title), intro: '', ratePerSecond: 5 }, { silent: true }));
    expect(onSent).toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    jest.spyOn(newsletterApi, 'preview').mockRejectedValue(new ApiError(10001, '周刊“2026年第20期”尚未发布，只能发送已发布的一期'));
    render(<NewsletterForm issues={[issue]} onSent={() => undefined} />);
    await userEvent.click(button(NM.preview));
    expect(await screen.findByText('周刊“2026年第20期”尚未发布，只能发送已发布的一期')).toBeInTheDocument();
  });
});

describe('the sends', () => {
  it('shows each send with its progress and failures', () => {
    render(<JobsTable jobs={[job({ state: 'done', stateLabel: '已完成', sent: 8, failed: 1, skipped: 1, pending: 0, failures: [{ email: 'a@example.org', error: '连接超时' }] })]} />);
    expect(screen.getByText(NM.progress(8, 10, 1, 1))).toBeInTheDocument();
    expect(screen.getByText('已完成')).toBeInTheDocument();
    expect(screen.getByText('a@example.org：连接超时')).toBeInTheDocument();
  });
});
