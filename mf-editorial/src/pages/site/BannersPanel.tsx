// 横幅: the home and classroom banners. Each add, edit, move or removal saves the code's whole list
// at the revision shown (the server refuses a replaced one with 10409, and the page then offers the
// newest list); the site shows the change at once.
import { PlusOutlined } from '@ant-design/icons';
import { ApiError, toast } from '@qianyan/shared';
import { Button, Drawer, Popconfirm, Radio, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { CODE_CONFLICT } from '../../api';
import { ST } from './messages';
import { BannerForm, ProblemAlert, type FormProblem } from './SiteForms';
import { BANNER_CODES, move, SITE_LIMITS, siteApi, type BannerCode, type BannerPicture, type SiteBanner } from './siteApi';

export const problemOf = (err: unknown): FormProblem => ({
  conflict: err instanceof ApiError && err.code === CODE_CONFLICT,
  message: err instanceof Error ? err.message : String(err),
});

export function BannersPanel() {
  const [code, setCode] = useState<BannerCode>('home');
  const [banner, setBanner] = useState<SiteBanner | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [drawer, setDrawer] = useState<{ index?: number } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setProblem(null);
    try {
      setBanner(await siteApi.banner(code, { silent: true }));
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setLoading(false);
    }
  }, [code]);
  useEffect(() => void load(), [load]);

  /** Saves the whole list; true when it was kept. */
  const save = async (pictures: BannerPicture[]) => {
    if (!banner) return false;
    setBusy(true);
    setProblem(null);
    try {
      setBanner(await siteApi.saveBanner(code, banner.revision, pictures, { silent: true }));
      toast.success(ST.saved);
      return true;
    } catch (err) {
      setProblem(problemOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const pictures = banner?.pictures ?? [];
  const editing = drawer?.index !== undefined ? pictures[drawer.index] : undefined;

  const onFormSave = async (picture: BannerPicture) => {
    const next = drawer?.index !== undefined ? pictures.map((p, i) => (i === drawer.index ? picture : p)) : [...pictures, picture];
    if (await save(next)) setDrawer(null);
  };

  return (
    <div className="qy-ed-site__panel">
      <div className="qy-ed-site__bar">
        <Radio.Group
          aria-label={ST.bannerCode}
          optionType="button"
          value={code}
          onChange={(e) => setCode(e.target.value as BannerCode)}
          options={BANNER_CODES.map((c) => ({ value: c, label: ST.codes[c] }))}
        />
        <Space>
          {banner && <Typography.Text type="secondary">{ST.updatedAt(banner.updatedAtShanghai)}</Typography.Text>}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!banner || pictures.length >= SITE_LIMITS.banners}
            title={pictures.length >= SITE_LIMITS.banners ? ST.bannersFull : undefined}
            onClick={() => {
              setProblem(null);
              setDrawer({});
            }}
          >
            {ST.addBanner}
          </Button>
        </Space>
      </div>
      {!drawer && <ProblemAlert problem={problem} onReloadLatest={() => void load()} />}
      <Table<BannerPicture & { index: number }>
        rowKey="index"
        loading={loading || busy}
        pagination={false}
        locale={{ emptyText: ST.bannerEmpty }}
        dataSource={pictures.map((p, index) => ({ ...p, index }))}
        columns={[
          { title: ST.picture, dataIndex: 'pic', width: 180, render: (pic: string) => <img className="qy-ed-site__thumb" src={pic} alt="" /> },
          { title: ST.bannerTitle, dataIndex: 'title', render: (t: string) => t || '—' },
          { title: ST.bannerIntro, dataIndex: 'intro', ellipsis: true, render: (t: string) => t || '—' },
          { title: ST.bannerUrl, dataIndex: 'url', width: 200, ellipsis: true, render: (t: string) => t || '—' },
          {
            title: ST.actions,
            width: 220,
            render: (_, p) => (
              <Space size="small">
                <Button type="link" size="small" onClick={() => (setProblem(null), setDrawer({ index: p.index }))}>
                  {ST.edit}
                </Button>
                <Button type="link" size="small" disabled={p.index === 0} onClick={() => void save(move(pictures, p.index, p.index - 1))}>
                  {ST.up}
                </Button>
                <Button type="link" size="small" disabled={p.index === pictures.length - 1} onClick={() => void save(move(pictures, p.index, p.index + 1))}>
                  {ST.down}
                </Button>
                <Popconfirm
                  title={ST.bannerDeleteConfirm(p.title)}
                  okText={ST.delete}
                  okButtonProps={{ danger: true }}
                  cancelText={ST.cancel}
                  onConfirm={() => void save(pictures.filter((_, i) => i !== p.index))}
                >
                  <Button type="link" size="small" danger>
                    {ST.delete}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={!!drawer} size={560} title={editing ? ST.editBanner : ST.addBanner} onClose={() => setDrawer(null)} destroyOnHidden>
        {drawer && (
          <BannerForm
            picture={editing}
            busy={busy}
            problem={problem}
            onSave={(p) => void onFormSave(p)}
            onCancel={() => setDrawer(null)}
            onReloadLatest={() => {
              setDrawer(null);
              void load();
            }}
          />
        )}
      </Drawer>
    </div>
  );
}
