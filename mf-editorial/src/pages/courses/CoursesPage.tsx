// 课程: single lessons and series (their child lessons are on the series' page), newest change
// first, filtered by state, type and title; a contributor sees their own. New lessons start as drafts.
import { useDocumentTitle } from '@qianyan/shared';
import { Button, Input, Select, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import '../../consoleScreens.css';
import { consolePath } from '../../routes';
import { problemOf } from '../site/BannersPanel';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import { coursesApi, type ContentState, type LessonListItem, type Paged } from './coursesApi';
import { CM } from './messages';
import { StateTag } from './Workflow';
import './courses.css';

export const STATE_OPTIONS: { value: ContentState | ''; label: string }[] = [
  { value: '', label: CM.allStates },
  { value: 'draft', label: '草稿' },
  { value: 'in_review', label: '待审核' },
  { value: 'scheduled', label: '已排期' },
  { value: 'published', label: '已发布' },
  { value: 'withdrawn', label: '已撤回' },
];

export default function CoursesPage() {
  useDocumentTitle(CM.coursesTitle);
  const navigate = useNavigate();
  const [state, setState] = useState<ContentState | ''>('');
  const [type, setType] = useState<number | 0>(0);
  const [title, setTitle] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<Paged<LessonListItem> | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await coursesApi.list({ pageNo, pageSize: 20, ...(state ? { state } : {}), ...(type ? { subjectSerType: type } : {}), ...(title.trim() ? { title: title.trim() } : {}) }, { silent: true }));
      setProblem(null);
    } catch (err) {
      setProblem(problemOf(err));
    }
  }, [pageNo, state, type, title]);
  useEffect(() => void load(), [load]);

  return (
    <div className="qy-ed-courses">
      <Typography.Title level={3}>{CM.coursesTitle}</Typography.Title>
      <p className="qy-ed-courses__hint">{CM.hint}</p>
      <ProblemAlert problem={problem} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label={CM.state} value={state} style={{ width: 140 }} options={STATE_OPTIONS} onChange={(v) => { setPageNo(1); setState(v); }} />
        <Select
          aria-label={CM.subjectSerType}
          value={type}
          style={{ width: 160 }}
          options={[{ value: 0, label: '全部类型' }, ...Object.entries(CM.subjectSerTypes).map(([v, l]) => ({ value: Number(v), label: l }))]}
          onChange={(v) => { setPageNo(1); setType(v); }}
        />
        <Input.Search aria-label={CM.search} placeholder={CM.search} allowClear style={{ width: 240 }} onSearch={(v) => { setPageNo(1); setTitle(v); }} />
        <Button type="primary" onClick={() => navigate(consolePath('courses/new'))}>
          {CM.newLesson}
        </Button>
      </Space>
      <Table<LessonListItem>
        rowKey="id"
        loading={!data && !problem}
        dataSource={data?.results ?? []}
        pagination={{ current: pageNo, pageSize: 20, total: data?.page.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
        columns={[
          { title: CM.title, dataIndex: 'title', render: (t: string, r) => <Link to={consolePath(`courses/${r.id}`)}>{t}</Link> },
          { title: CM.subjectSerType, dataIndex: 'subjectSerType', render: (t: number, r) => `${CM.subjectSerTypes[t] ?? t}${r.outsideChain ? '（外链）' : ''}` },
          { title: CM.childCount, dataIndex: 'childCount', render: (n: number, r) => (r.subjectSerType === 2 || r.subjectSerType === 5 ? n : '—') },
          { title: CM.ifViewAuth, dataIndex: 'ifViewAuth', render: (v: number, r) => `${v === 1 ? '需补齐资料' : '需登录'}${r.memberOnly ? ' · 会员专享' : ''}` },
          { title: CM.state, dataIndex: 'state', render: (_: unknown, r) => <StateTag item={r} /> },
          { title: CM.creator, render: (_: unknown, r) => r.createdBy?.username ?? '' },
          { title: CM.updatedAt, dataIndex: 'updatedAt', render: (t: string) => t.slice(0, 16).replace('T', ' ') },
        ]}
      />
    </div>
  );
}
