// 术语表 (editors and admins): the medical glossary the reader pages mark and search expands, listed
// by search and disease area and paged on the server; a term is created or edited in a drawer and
// deleted after confirmation. Every save carries the revision it began from (10409 when stale).
import { PlusOutlined } from '@ant-design/icons';
import { api, ApiError, toast, useDocumentTitle } from '@qianyan/shared';
import { Button, Drawer, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { CODE_CONFLICT } from '../../api';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';
import { pager, PAGE_SIZE, useFilterParams, usePage } from '../shared/paging';
import { GlossaryForm, type FormProblem } from './GlossaryForm';
import { glossaryApi, type GlossarySave, type GlossaryTerm } from './glossaryApi';
import { GL } from './messages';

const problemOf = (err: unknown): FormProblem => ({
  conflict: err instanceof ApiError && err.code === CODE_CONFLICT,
  message: err instanceof Error ? err.message : String(err),
});

export default function GlossaryPage() {
  useDocumentTitle(`${GL.title} · ${ED_MSG.consoleName}`);
  const { params, setFilter, pageNo } = useFilterParams();
  const keyword = params.get('q') ?? '';
  const classId = Number(params.get('area')) || undefined;
  const [version, setVersion] = useState(0);
  const { data, loading } = usePage(
    () => glossaryApi.list({ pageNo, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}), ...(classId ? { classId } : {}) }),
    `${pageNo}|${keyword}|${classId ?? ''}|${version}`,
  );
  const [areas, setAreas] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    api.article
      .selectArticleClass({ silent: true })
      .then((list) => setAreas(list.map((c) => ({ value: c.id, label: c.classname }))))
      .catch(() => setAreas([]));
  }, []);

  const [drawer, setDrawer] = useState<{ editing?: GlossaryTerm } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const open = (editing?: GlossaryTerm) => {
    setProblem(null);
    setDrawer({ editing });
  };

  const save = async (payload: GlossarySave) => {
    setBusy(true);
    setProblem(null);
    try {
      await glossaryApi.save(payload, { silent: true });
      toast.success(GL.saved);
      setDrawer(null);
      setVersion((v) => v + 1);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const reloadLatest = async () => {
    const editing = drawer?.editing;
    if (!editing) return;
    const page = await glossaryApi.list({ pageNo: 1, pageSize: 50, keyword: editing.term }).catch(() => null);
    const latest = page?.results.find((t) => t.id === editing.id);
    setProblem(null);
    if (latest) setDrawer({ editing: latest });
    else setDrawer(null);
    setVersion((v) => v + 1);
  };

  const remove = async (t: GlossaryTerm) => {
    try {
      await glossaryApi.remove(t.id, t.revision, { silent: true });
      toast.success(GL.deleted);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
    setVersion((v) => v + 1);
  };

  const areaOptions = useMemo(() => [{ value: 0, label: GL.allAreas }, ...areas], [areas]);

  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-glossary-h">
      <div className="qy-ed-page__head">
        <Typography.Title level={3} id="qy-ed-glossary-h" style={{ margin: 0 }}>
          {GL.title}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open()}>
          {GL.newTerm}
        </Button>
      </div>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          allowClear
          defaultValue={keyword}
          placeholder={GL.search}
          aria-label={GL.search}
          style={{ width: 300 }}
          onSearch={(v) => setFilter({ q: v.trim() || undefined })}
        />
        <Select
          aria-label={GL.area}
          style={{ width: 200 }}
          value={classId ?? 0}
          options={areaOptions}
          onChange={(v: number) => setFilter({ area: v ? String(v) : undefined })}
        />
      </Space>
      <Table<GlossaryTerm>
        rowKey="id"
        loading={loading}
        dataSource={data?.results ?? []}
        locale={{ emptyText: GL.empty }}
        scroll={{ x: 1100 }}
        pagination={pager(pageNo, data?.page.total ?? 0, setFilter)}
        columns={[
          { title: GL.cols.term, dataIndex: 'term', width: 150, render: (t: string) => <strong>{t}</strong> },
          { title: GL.cols.english, dataIndex: 'english', width: 200, render: (t: string) => t || '—' },
          {
            title: GL.cols.aliases,
            dataIndex: 'aliases',
            width: 200,
            render: (list: string[]) => (list.length ? list.map((a) => <Tag key={a}>{a}</Tag>) : '—'),
          },
          { title: GL.cols.area, dataIndex: 'className', width: 110 },
          { title: GL.cols.definition, dataIndex: 'definition', ellipsis: true },
          { title: GL.cols.updatedAt, dataIndex: 'updatedAtShanghai', width: 150 },
          {
            title: GL.cols.actions,
            width: 120,
            fixed: 'right',
            render: (_, t) => (
              <Space size="small">
                <Button type="link" size="small" onClick={() => open(t)}>
                  {GL.edit}
                </Button>
                <Popconfirm title={GL.deleteConfirm(t.term)} okText={GL.delete} okButtonProps={{ danger: true }} cancelText={GL.cancel} onConfirm={() => remove(t)}>
                  <Button type="link" size="small" danger>
                    {GL.delete}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={!!drawer} size={520} title={drawer?.editing ? GL.editTerm : GL.newTerm} onClose={() => setDrawer(null)} destroyOnHidden>
        {drawer && (
          <GlossaryForm
            editing={drawer.editing}
            areas={areas}
            busy={busy}
            problem={problem}
            onSave={(p) => void save(p)}
            onCancel={() => setDrawer(null)}
            onReloadLatest={() => void reloadLatest()}
          />
        )}
      </Drawer>
    </section>
  );
}
