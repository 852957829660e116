// 广告: the adverts of a position (the header 页眉 bar, the home page's right column, the bottom),
// published or not, with their times; created and edited in a drawer (saved at the revision it began
// from), moved up or down (the position's new order), deleted after confirmation.
import { PlusOutlined } from '@ant-design/icons';
import { toast } from '@qianyan/shared';
import { Button, Drawer, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { problemOf } from './BannersPanel';
import { ST } from './messages';
import { AdvertForm, ProblemAlert, type FormProblem } from './SiteForms';
import { ADVERT_POSITIONS, move, positionLabel, siteApi, type AdvertPosition, type AdvertSave, type SiteAdvert } from './siteApi';

export function AdvertsPanel() {
  const [position, setPosition] = useState<AdvertPosition>('页眉');
  const [list, setList] = useState<SiteAdvert[]>([]);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [drawer, setDrawer] = useState<{ editing?: SiteAdvert } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setList((await siteApi.adverts(position, { silent: true })).results);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setLoading(false);
    }
  }, [position]);
  useEffect(() => void load(), [load]);

  const save = async (payload: AdvertSave) => {
    setBusy(true);
    setProblem(null);
    try {
      await siteApi.saveAdvert(payload, { silent: true });
      toast.success(ST.saved);
      setDrawer(null);
      if (payload.advertPosition !== position) setPosition(payload.advertPosition);
      else await load();
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const reorder = async (from: number, to: number) => {
    setBusy(true);
    setProblem(null);
    try {
      setList((await siteApi.reorderAdverts(position, move(list, from, to).map((a) => a.id), { silent: true })).results);
      toast.success(ST.saved);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (a: SiteAdvert) => {
    setProblem(null);
    try {
      await siteApi.deleteAdvert(a.id, a.revision, { silent: true });
      toast.success(ST.deleted);
    } catch (err) {
      setProblem(problemOf(err));
    }
    await load();
  };

  return (
    <div className="qy-ed-site__panel">
      <div className="qy-ed-site__bar">
        <Select
          aria-label={ST.position}
          style={{ width: 220 }}
          value={position}
          onChange={(v: AdvertPosition) => setPosition(v)}
          options={ADVERT_POSITIONS.map((p) => ({ value: p, label: positionLabel(p) }))}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setProblem(null);
            setDrawer({});
          }}
        >
          {ST.addAdvert}
        </Button>
      </div>
      {!drawer && <ProblemAlert problem={problem} onReloadLatest={() => (setProblem(null), void load())} />}
      <Table<SiteAdvert>
        rowKey="id"
        loading={loading || busy}
        pagination={false}
        locale={{ emptyText: ST.advertEmpty }}
        dataSource={list}
        scroll={{ x: 1000 }}
        columns={[
          { title: ST.picture, dataIndex: 'img', width: 180, render: (img: string, a) => <img className="qy-ed-site__thumb" src={img} alt={a.name} /> },
          { title: ST.advertName, dataIndex: 'name', render: (t: string) => <strong>{t}</strong> },
          { title: ST.advertUrl, dataIndex: 'adUrl', width: 180, ellipsis: true, render: (t: string) => t || '—' },
          {
            title: ST.times,
            width: 200,
            render: (_, a) => (a.startAt || a.endAt ? `${a.startAt || ST.always} ~ ${a.endAt || ST.always}` : ST.always),
          },
          {
            title: ST.publish,
            width: 150,
            render: (_, a) => (
              <Space size={4}>
                <Tag color={a.ifPublish ? 'blue' : undefined}>{a.ifPublish ? ST.published : ST.unpublished}</Tag>
                <Tag color={a.live ? 'green' : undefined}>{a.live ? ST.live : ST.notLive}</Tag>
              </Space>
            ),
          },
          {
            title: ST.actions,
            width: 220,
            fixed: 'right',
            render: (_, a, i) => (
              <Space size="small">
                <Button type="link" size="small" onClick={() => (setProblem(null), setDrawer({ editing: a }))}>
                  {ST.edit}
                </Button>
                <Button type="link" size="small" disabled={i === 0} onClick={() => void reorder(i, i - 1)}>
                  {ST.up}
                </Button>
                <Button type="link" size="small" disabled={i === list.length - 1} onClick={() => void reorder(i, i + 1)}>
                  {ST.down}
                </Button>
                <Popconfirm title={ST.advertDeleteConfirm(a.name)} okText={ST.delete} okButtonProps={{ danger: true }} cancelText={ST.cancel} onConfirm={() => void remove(a)}>
                  <Button type="link" size="small" danger>
                    {ST.delete}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={!!drawer} size={600} title={drawer?.editing ? ST.editAdvert : ST.addAdvert} onClose={() => setDrawer(null)} destroyOnHidden>
        {drawer && (
          <AdvertForm
            editing={drawer.editing}
            position={position}
            busy={busy}
            problem={problem}
            onSave={(p) => void save(p)}
            onCancel={() => setDrawer(null)}
            onReloadLatest={() => {
              setDrawer(null);
              setProblem(null);
              void load();
            }}
          />
        )}
      </Drawer>
    </div>
  );
}
