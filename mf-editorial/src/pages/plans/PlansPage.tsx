// 会员方案 (admins only: money): the service plans (name, price in fen, pictures, intro, the benefits
// each includes, on sale or not), the benefits list in its order, the subscription FAQ and the
// membership agreement, in three tabs (?tab=). Every change is saved on the server at once at the
// revision or version it began from, audited there, and on the site at the next request; a new
// price applies to orders made after it.
import { toast, useDocumentTitle } from '@qianyan/shared';
import { Button, Drawer, Form, Input, Spin, Switch, Table, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';
import { problemOf } from '../site/BannersPanel';
import { PictureField } from '../site/PictureField';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import { ListEditor } from './ListEditor';
import { PM } from './messages';
import { PlanForm } from './PlanForm';
import { plansApi, yuan, type Benefit, type ConsolePlan, type FaqItem, type PlanList, type PlanSave, type SubscribeTexts } from './plansApi';

const TABS = ['plans', 'benefits', 'texts'] as const;
type Tab = (typeof TABS)[number];

export function PlansPanel() {
  const [data, setData] = useState<PlanList | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [editing, setEditing] = useState<ConsolePlan | null>(null);
  const [formProblem, setFormProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const next = await plansApi.list({ silent: true });
      setData(next);
      return next;
    } catch (err) {
      setProblem(problemOf(err));
      return null;
    }
  }, []);
  useEffect(() => void load(), [load]);

  const replace = (plan: ConsolePlan) => setData((d) => d && { ...d, plans: d.plans.map((p) => (p.id === plan.id ? plan : p)) });

  const save = async (body: PlanSave) => {
    setBusy('save');
    setFormProblem(null);
    try {
      replace(await plansApi.save(body, { silent: true }));
      setEditing(null);
      toast.success(PM.saved);
    } catch (err) {
      setFormProblem(problemOf(err));
    } finally {
      setBusy(null);
    }
  };

  const sale = async (plan: ConsolePlan, on: boolean) => {
    setBusy(`sale-${plan.id}`);
    setProblem(null);
    try {
      replace(await plansApi.setSale(plan.id, on ? 1 : 0, { silent: true }));
      toast.success(PM.saleChanged(plan.title, on));
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(null);
    }
  };

  const reloadLatest = async () => {
    const next = await load();
    setFormProblem(null);
    if (editing && next) setEditing(next.plans.find((p) => p.id === editing.id) ?? null);
  };

  return (
    <div className="qy-ed-site__panel">
      <p className="qy-ed-site__hint">{PM.hint}</p>
      <ProblemAlert problem={problem} />
      {!data && !problem && <Spin />}
      {data && (
        <Table<ConsolePlan>
          rowKey="id"
          pagination={false}
          dataSource={data.plans}
          columns={[
            { title: PM.type, dataIndex: 'type', render: (t: number) => PM.types[t] ?? t },
            { title: PM.name, dataIndex: 'title' },
            { title: PM.price, dataIndex: 'priceFen', render: (fen: number) => `${fen}（${yuan(fen)}）` },
            {
              title: PM.onSale,
              dataIndex: 'enabled',
              render: (_: unknown, p) => (
                <Switch
                  aria-label={`${PM.onSale}：${p.title}`}
                  checked={p.enabled === 1}
                  loading={busy === `sale-${p.id}`}
                  checkedChildren={PM.onSaleOn}
                  unCheckedChildren={PM.onSaleOff}
                  onChange={(on) => void sale(p, on)}
                />
              ),
            },
            {
              title: PM.actions,
              render: (_: unknown, p) => (
                <Button
                  size="small"
                  aria-label={`${PM.edit}：${p.title}`}
                  onClick={() => {
                    setFormProblem(null);
                    setEditing(p);
                  }}
                >
                  {PM.edit}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Drawer open={!!editing} title={editing ? PM.editPlan(editing.title) : ''} size={560} onClose={() => setEditing(null)} destroyOnHidden>
        {editing && data && (
          <PlanForm
            key={`${editing.id}-${editing.revision}`}
            plan={editing}
            benefits={data.benefits}
            problem={formProblem}
            busy={busy === 'save'}
            onSave={(body) => void save(body)}
            onCancel={() => setEditing(null)}
            onReloadLatest={() => void reloadLatest()}
          />
        )}
      </Drawer>
    </div>
  );
}

export function BenefitsPanel() {
  const [data, setData] = useState<Pick<PlanList, 'benefits' | 'benefitsVersion'> | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    setProblem(null);
    plansApi
      .list({ silent: true })
      .then((r) => setData({ benefits: r.benefits, benefitsVersion: r.benefitsVersion }))
      .catch((err: unknown) => setProblem(problemOf(err)));
  }, []);
  useEffect(load, [load]);
  const save = async (items: Benefit[]) => {
    if (!data) return;
    setBusy(true);
    setProblem(null);
    try {
      setData(await plansApi.saveBenefits(data.benefitsVersion, items, { silent: true }));
      toast.success(PM.saved);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="qy-ed-site__panel">
      <ProblemAlert problem={problem} onReloadLatest={load} />
      {!data && !problem && <Spin />}
      {data && (
        <ListEditor<Benefit>
          key={data.benefitsVersion}
          items={data.benefits}
          blank={{ title: '', icon: '', infos: '' }}
          addLabel={PM.addBenefit}
          busy={busy}
          onSave={(items) => void save(items)}
          fields={[
            { name: 'title', label: PM.benefitTitle, required: PM.benefitTitleRequired, max: 64 },
            { name: 'icon', label: PM.benefitIcon, max: 500, render: (label) => <PictureField label={label} /> },
            { name: 'infos', label: PM.benefitInfos, max: 500, rows: 2 },
          ]}
        />
      )}
    </div>
  );
}

export function TextsPanel() {
  const [data, setData] = useState<SubscribeTexts | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState<'faq' | 'agreement' | null>(null);
  const load = useCallback(() => {
    setProblem(null);
    plansApi
      .texts({ silent: true })
      .then(setData)
      .catch((err: unknown) => setProblem(problemOf(err)));
  }, []);
  useEffect(load, [load]);
  const run = async (which: 'faq' | 'agreement', call: () => Promise<SubscribeTexts>) => {
    setBusy(which);
    setProblem(null);
    try {
      setData(await call());
      toast.success(PM.saved);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="qy-ed-site__panel">
      <ProblemAlert problem={problem} onReloadLatest={load} />
      {!data && !problem && <Spin />}
      {data && (
        <>
          <Typography.Title level={4}>{PM.faq}</Typography.Title>
          <ListEditor<FaqItem>
            key={data.faqVersion}
            items={data.faq}
            blank={{ title: '', content: '' }}
            addLabel={PM.addFaq}
            busy={busy === 'faq'}
            onSave={(items) => void run('faq', () => plansApi.saveFaq(data.faqVersion, items, { silent: true }))}
            fields={[
              { name: 'title', label: PM.faqTitle, required: PM.faqTitleRequired, max: 128 },
              { name: 'content', label: PM.faqContent, required: PM.faqContentRequired, max: 5000, rows: 4 },
            ]}
          />
          <Typography.Title level={4} style={{ marginTop: 32 }}>
            {PM.agreement}
          </Typography.Title>
          <Form
            key={data.agreementVersion}
            layout="vertical"
            initialValues={data.agreement}
            onFinish={(v: { title: string; content: string }) => void run('agreement', () => plansApi.saveAgreement(data.agreementVersion, v.title.trim(), v.content, { silent: true }))}
          >
            <Form.Item name="title" label={PM.agreementTitle} rules={[{ required: true, whitespace: true, message: PM.agreementTitleRequired }, { max: 128 }]}>
              <Input maxLength={128} />
            </Form.Item>
            <Form.Item name="content" label={PM.agreementContent} rules={[{ required: true, whitespace: true, message: PM.agreementContentRequired }]}>
              <Input.TextArea rows={12} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy === 'agreement'}>
              {PM.save}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}

export default function PlansPage() {
  useDocumentTitle(`${PM.title} · ${ED_MSG.consoleName}`);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'plans';
  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-plans-h">
      <div className="qy-ed-page__head">
        <Typography.Title level={3} id="qy-ed-plans-h" style={{ margin: 0 }}>
          {PM.title}
        </Typography.Title>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'plans' ? {} : { tab: key })}
        destroyOnHidden
        items={[
          { key: 'plans', label: PM.tabs.plans, children: <PlansPanel /> },
          { key: 'benefits', label: PM.tabs.benefits, children: <BenefitsPanel /> },
          { key: 'texts', label: PM.tabs.texts, children: <TextsPanel /> },
        ]}
      />
    </section>
  );
}
