// 热读: the home page's hot reads in their order. Articles, lessons, meeting notices and reviews are
// found by title and added; each add, move or removal saves the whole list at the version shown
// (10409 when someone changed it first: the page offers the newest list).
import { WarningOutlined } from '@ant-design/icons';
import { toast } from '@qianyan/shared';
import { Button, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { problemOf } from './BannersPanel';
import { ST } from './messages';
import { ProblemAlert, type FormProblem } from './SiteForms';
import { HOT_READ_TYPES, move, SITE_LIMITS, siteApi, type HotReadType, type SiteHotRead } from './siteApi';

const TYPE_LABELS: Record<HotReadType, string> = { 40: '文章', 10: '课程', 20: '会议预告', 30: '会议回顾' };
const keyOf = (i: Pick<SiteHotRead, 'relationType' | 'relationId'>) => `${i.relationType}:${i.relationId}`;

export function HotReadsPanel() {
  const [state, setState] = useState<{ items: SiteHotRead[]; version: string } | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [type, setType] = useState<HotReadType>(40);
  const [keyword, setKeyword] = useState('');
  const [candidates, setCandidates] = useState<SiteHotRead[] | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setProblem(null);
    try {
      setState(await siteApi.hotReads({ silent: true }));
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const search = async (relationType: HotReadType, text: string) => {
    try {
      setCandidates((await siteApi.hotReadCandidates(relationType, text, { silent: true })).results);
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  const save = async (items: SiteHotRead[]) => {
    if (!state) return;
    setBusy(true);
    setProblem(null);
    try {
      setState(await siteApi.saveHotReads(state.version, items, { silent: true }));
      toast.success(ST.saved);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const items = state?.items ?? [];
  const picked = new Set(items.map(keyOf));

  return (
    <div className="qy-ed-site__panel">
      <p className="qy-ed-site__hint">{ST.hotReadsHint}</p>
      <ProblemAlert problem={problem} onReloadLatest={() => void load()} />
      <Table<SiteHotRead & { index: number }>
        rowKey={(i) => keyOf(i)}
        loading={loading || busy}
        pagination={false}
        locale={{ emptyText: ST.hotReadEmpty }}
        dataSource={items.map((i, index) => ({ ...i, index }))}
        columns={[
          { title: '#', width: 50, render: (_, i) => i.index + 1 },
          { title: ST.hotReadCols.type, dataIndex: 'typeLabel', width: 110, render: (t: string) => <Tag>{t}</Tag> },
          {
            title: ST.hotReadCols.title,
            dataIndex: 'title',
            render: (t: string, i) => (
              <Space>
                {t || '—'}
                {!i.shown && (
                  <Tooltip title={ST.hotReadHidden}>
                    <WarningOutlined style={{ color: '#d4380d' }} aria-label={ST.hotReadHidden} />
                  </Tooltip>
                )}
              </Space>
            ),
          },
          { title: ST.hotReadCols.id, dataIndex: 'relationId', width: 90 },
          {
            title: ST.actions,
            width: 180,
            render: (_, i) => (
              <Space size="small">
                <Button type="link" size="small" disabled={i.index === 0} onClick={() => void save(move(items, i.index, i.index - 1))}>
                  {ST.up}
                </Button>
                <Button type="link" size="small" disabled={i.index === items.length - 1} onClick={() => void save(move(items, i.index, i.index + 1))}>
                  {ST.down}
                </Button>
                <Button type="link" size="small" danger onClick={() => void save(items.filter((_, n) => n !== i.index))}>
                  {ST.remove}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {ST.addHotRead}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={ST.hotReadType}
          style={{ width: 140 }}
          value={type}
          onChange={(v: HotReadType) => {
            setType(v);
            void search(v, keyword);
          }}
          options={HOT_READ_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        />
        <Input.Search
          allowClear
          aria-label={ST.hotReadSearch}
          placeholder={ST.hotReadSearch}
          style={{ width: 320 }}
          onSearch={(v) => {
            setKeyword(v);
            void search(type, v);
          }}
        />
      </Space>
      {candidates && (
        <Table<SiteHotRead>
          size="small"
          rowKey={(i) => keyOf(i)}
          pagination={false}
          dataSource={candidates}
          columns={[
            { title: ST.hotReadCols.type, dataIndex: 'typeLabel', width: 110 },
            { title: ST.hotReadCols.title, dataIndex: 'title' },
            { title: ST.hotReadCols.id, dataIndex: 'relationId', width: 90 },
            {
              title: ST.actions,
              width: 120,
              render: (_, c) =>
                picked.has(keyOf(c)) ? (
                  <Typography.Text type="secondary">{ST.hotReadPicked}</Typography.Text>
                ) : (
                  <Button size="small" disabled={items.length >= SITE_LIMITS.hotReads} title={items.length >= SITE_LIMITS.hotReads ? ST.hotReadsFull : undefined} onClick={() => void save([...items, c])}>
                    {ST.hotReadPick}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
