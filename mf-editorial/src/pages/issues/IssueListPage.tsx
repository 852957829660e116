// 期刊: the weekly issues, newest date first, with their state, counts and catalogue; 新建一期 asks
// for a title and a date and opens the new issue.
import { PlusOutlined } from '@ant-design/icons';
import { useDocumentTitle } from '@qianyan/shared';
import { Button, DatePicker, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { consoleApi, type IssueListItem } from '../../consoleApi';
import { CM } from '../../consoleMessages';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';
import { consolePath } from '../../routes';
import { pager, PAGE_SIZE, useFilterParams, usePage } from '../shared/paging';

const C = CM.issueCols;
const time = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

export function IssueStateTag({ state, label }: { state: IssueListItem['state']; label: string }) {
  return <Tag color={state === 'published' ? 'green' : undefined}>{label}</Tag>;
}

function NewIssueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ title: string; thedate: Dayjs }>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const issue = await consoleApi.createIssue(values.title.trim(), values.thedate.format('YYYY-MM-DD'));
      onClose();
      navigate(consolePath(`issues/${issue.id}`));
    } catch {
      // The client showed the server's message (a date already taken, …).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={CM.newIssue} okText={ED_MSG.create} cancelText={ED_MSG.cancel} confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label={CM.issueTitle} rules={[{ required: true, whitespace: true, message: CM.issueTitleRequired }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="thedate" label={CM.issueDate} rules={[{ required: true, message: CM.issueDateRequired }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function IssueListPage() {
  useDocumentTitle(`${CM.issuesTitle} · ${ED_MSG.consoleName}`);
  const { setFilter, pageNo } = useFilterParams();
  const { data, loading } = usePage(() => consoleApi.issues({ pageNo, pageSize: PAGE_SIZE }), String(pageNo));
  const [creating, setCreating] = useState(false);

  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-issues-h">
      <div className="qy-ed-page__head">
        <Typography.Title level={3} id="qy-ed-issues-h" style={{ margin: 0 }}>
          {CM.issuesTitle}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {CM.newIssue}
        </Button>
      </div>
      <Table<IssueListItem>
        rowKey="id"
        loading={loading}
        dataSource={data?.results ?? []}
        locale={{ emptyText: CM.noIssues }}
        scroll={{ x: 960 }}
        pagination={pager(pageNo, data?.page.total ?? 0, setFilter)}
        columns={[
          { title: C.title, dataIndex: 'title', render: (t: string, row) => <Link to={consolePath(`issues/${row.id}`)}>{t || '—'}</Link> },
          { title: C.date, dataIndex: 'thedate', width: 120 },
          { title: C.state, width: 100, render: (_, row) => <IssueStateTag state={row.state} label={row.stateLabel} /> },
          { title: C.articles, width: 160, render: (_, row) => CM.articleCount(row.articleCount, row.liveCount) },
          { title: C.catalogue, width: 120, render: (_, row) => (row.catalogue ? <Tag color="blue">{row.catalogue.permalinks}</Tag> : '—') },
          { title: C.publishedAt, dataIndex: 'publishedAt', width: 150, render: time },
          { title: C.updatedAt, dataIndex: 'updatedAt', width: 150, render: time },
        ]}
      />
      <NewIssueDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
