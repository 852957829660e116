// 文章: the editorial documents of every source and state, filtered and paged on the server
// (a contributor sees their own only), and 新建文章 with its source.
import { PlusOutlined } from '@ant-design/icons';
import { useDocumentTitle } from '@qianyan/shared';
import { Button, Checkbox, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useStaff } from '../../access/staff';
import { editorApi, type EditorialState, type EditorListItem, type Page } from '../../api';
import { ED_MSG, SOURCES, STATES } from '../../messages';
import { consolePath } from '../../routes';
import { useFilterParams } from '../shared/paging';

const PAGE_SIZE = 20;
const C = ED_MSG.columns;

export function StateTag({ state, label }: { state: EditorialState; label?: string }) {
  const s = STATES.find((x) => x.value === state);
  return <Tag color={s?.color}>{label ?? s?.label ?? state}</Tag>;
}

const time = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

function NewArticleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ sourceId: number; title: string }>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const article = await editorApi.create({ sourceId: values.sourceId, title: values.title.trim() });
      onClose();
      navigate(consolePath(`article/${article.id}`));
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={ED_MSG.newArticleTitle}
      okText={ED_MSG.create}
      cancelText={ED_MSG.cancel}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ sourceId: 5 }}>
        <Form.Item name="sourceId" label={ED_MSG.chooseSource} rules={[{ required: true, message: ED_MSG.sourceRequired }]}>
          <Select options={SOURCES.map((s) => ({ value: s.id, label: `${s.name}（${s.id}）` }))} />
        </Form.Item>
        <Form.Item name="title" label={ED_MSG.titleLabel} rules={[{ required: true, whitespace: true, message: ED_MSG.titleRequired }]}>
          <Input maxLength={500} onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ArticleListPage() {
  useDocumentTitle(`${ED_MSG.articlesTitle} · ${ED_MSG.consoleName}`);
  const me = useStaff();
  const { params, setFilter, pageNo } = useFilterParams();
  const state = (params.get('state') || undefined) as EditorialState | undefined;
  const sourceId = params.get('source') ? Number(params.get('source')) : undefined;
  const title = params.get('q') ?? '';
  const mine = params.get('mine') === '1';
  const [data, setData] = useState<Page<EditorListItem> | null>(null);
  const [loading, setLoading] = useState(true);
  const [creating, setCreating] = useState(false);


  useEffect(() => {
    let live = true;
    setLoading(true);
    editorApi
      .list({ pageNo, pageSize: PAGE_SIZE, state, sourceId, title: title || undefined, mine: mine || undefined })
      .then((reply) => live && setData(reply))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [pageNo, state, sourceId, title, mine]);

  const canPublish = me.can.publish;
  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-articles-h">
      <div className="qy-ed-page__head">
        <Typography.Title level={3} id="qy-ed-articles-h" style={{ margin: 0 }}>
          {ED_MSG.articlesTitle}
        </Typography.Title>
        {me.can.createArticle && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {ED_MSG.newArticle}
          </Button>
        )}
      </div>
      <Space wrap className="qy-ed-filters">
        <Select
          aria-label={C.state}
          style={{ width: 140 }}
          value={state ?? ''}
          onChange={(v) => setFilter({ state: v || undefined })}
          options={[{ value: '', label: ED_MSG.allStates }, ...STATES.map((s) => ({ value: s.value, label: s.label }))]}
        />
        <Select
          aria-label={C.source}
          style={{ width: 160 }}
          value={sourceId ?? 0}
          onChange={(v) => setFilter({ source: v ? String(v) : undefined })}
          options={[{ value: 0, label: ED_MSG.allSources }, ...SOURCES.map((s) => ({ value: s.id, label: s.name }))]}
        />
        <Input.Search
          aria-label={ED_MSG.searchTitle}
          placeholder={ED_MSG.searchTitle}
          allowClear
          defaultValue={title}
          key={title}
          maxLength={100}
          style={{ width: 280 }}
          onSearch={(v) => setFilter({ q: v.trim() || undefined })}
        />
        {canPublish && (
          <Checkbox checked={mine} onChange={(e) => setFilter({ mine: e.target.checked ? '1' : undefined })}>
            {ED_MSG.mineOnly}
          </Checkbox>
        )}
      </Space>
      <Table<EditorListItem>
        rowKey="id"
        loading={loading}
        dataSource={data?.results ?? []}
        locale={{ emptyText: ED_MSG.noArticles }}
        scroll={{ x: 960 }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: data?.page.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => ED_MSG.total(n),
          onChange: (p) => setFilter({ page: p > 1 ? String(p) : undefined }),
        }}
        columns={[
          {
            title: C.title,
            dataIndex: 'title',
            render: (text: string, row) => <Link to={consolePath(`article/${row.id}`)}>{text || '—'}</Link>,
          },
          { title: C.source, dataIndex: 'sourceName', width: 120 },
          { title: C.state, dataIndex: 'state', width: 100, render: (s: EditorialState, row) => <StateTag state={s} label={row.stateLabel} /> },
          {
            title: C.publishAt,
            width: 150,
            // Scheduled: when it goes live; published (or withdrawn after it was): the date readers see.
            render: (_, row) => (row.state === 'scheduled' ? row.publishAtShanghai : row.state === 'published' || row.firstPublishedAt ? time(row.postdate) : '—'),
          },
          { title: C.access, dataIndex: 'accessLevel', width: 100, render: (a: string) => ED_MSG.access[a] ?? a },
          { title: C.author, width: 130, render: (_, row) => row.createdBy?.username ?? '—' },
          { title: C.updatedAt, dataIndex: 'updatedAt', width: 150, render: time },
          { title: C.revision, dataIndex: 'revision', width: 70, align: 'right' },
        ]}
      />
      <NewArticleDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
