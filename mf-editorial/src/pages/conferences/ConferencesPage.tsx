// 会议: conference notices (预告) and reviews (回顾), newest change first, filtered by state, type
// and title; a contributor sees their own. New ones start as drafts.
import { useDocumentTitle } from '@qianyan/shared';
import { Button, Input, Select, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import '../../consoleScreens.css';
import { consolePath } from '../../routes';
import { STATE_OPTIONS } from '../courses/CoursesPage';
import { conferencesApi, type ConferenceListItem, type ContentState, type Paged } from '../courses/coursesApi';
import { CM } from '../courses/messages';
import { StateTag } from '../courses/Workflow';
import { problemOf } from '../site/BannersPanel';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import '../courses/courses.css';

export default function ConferencesPage() {
  useDocumentTitle(CM.conferencesTitle);
  const navigate = useNavigate();
  const [state, setState] = useState<ContentState | ''>('');
  const [status, setStatus] = useState(0);
  const [title, setTitle] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<Paged<ConferenceListItem> | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await conferencesApi.list({ pageNo, pageSize: 20, ...(state ? { state } : {}), ...(status ? { status } : {}), ...(title.trim() ? { title: title.trim() } : {}) }, { silent: true }));
      setProblem(null);
    } catch (err) {
      setProblem(problemOf(err));
    }
  }, [pageNo, state, status, title]);
  useEffect(() => void load(), [load]);

  return (
    <div className="qy-ed-courses">
      <Typography.Title level={3}>{CM.conferencesTitle}</Typography.Title>
      <p className="qy-ed-courses__hint">{CM.hint}</p>
      <ProblemAlert problem={problem} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label={CM.state} value={state} style={{ width: 140 }} options={STATE_OPTIONS} onChange={(v) => { setPageNo(1); setState(v); }} />
        <Select
          aria-label={CM.status}
          value={status}
          style={{ width: 140 }}
          options={[{ value: 0, label: '全部会议' }, ...Object.entries(CM.statuses).map(([v, l]) => ({ value: Number(v), label: l }))]}
          onChange={(v) => { setPageNo(1); setStatus(v); }}
        />
        <Input.Search aria-label={CM.search} placeholder={CM.search} allowClear style={{ width: 240 }} onSearch={(v) => { setPageNo(1); setTitle(v); }} />
        <Button type="primary" onClick={() => navigate(consolePath('conferences/new'))}>
          {CM.newConference}
        </Button>
      </Space>
      <Table<ConferenceListItem>
        rowKey="id"
        loading={!data && !problem}
        dataSource={data?.results ?? []}
        pagination={{ current: pageNo, pageSize: 20, total: data?.page.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
        columns={[
          { title: CM.title, dataIndex: 'title', render: (t: string, r) => <Link to={consolePath(`conferences/${r.id}`)}>{t}</Link> },
          { title: CM.status, dataIndex: 'status', render: (s: number) => CM.statuses[s] ?? s },
          { title: CM.sponsor, dataIndex: 'sponsor' },
          { title: `${CM.beginTime} – ${CM.endTime}`, render: (_: unknown, r) => `${r.beginTime} – ${r.endTime}` },
          { title: CM.state, render: (_: unknown, r) => <StateTag item={r} /> },
          { title: CM.creator, render: (_: unknown, r) => r.createdBy?.username ?? '' },
        ]}
      />
    </div>
  );
}
