// A plan's form: name, price in fen (shown in yuan beside it), the PC and mobile pictures (upload or
// the media library, as the site furniture's), intro and the benefits it includes in their order.
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { PictureField } from '../site/PictureField';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import { linkRule } from '../site/siteApi';
import { PM } from './messages';
import { planPayload, priceProblem, yuan, type Benefit, type ConsolePlan, type PlanSave } from './plansApi';

type Values = Pick<ConsolePlan, 'title' | 'priceFen' | 'pcImg' | 'mobileImg' | 'intro' | 'equityIds'>;

export function PlanForm({
  plan,
  benefits,
  problem,
  busy,
  onSave,
  onCancel,
  onReloadLatest,
}: {
  plan: ConsolePlan;
  benefits: Benefit[];
  problem?: FormProblem | null;
  busy?: boolean;
  onSave: (body: PlanSave) => void;
  onCancel: () => void;
  onReloadLatest?: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const price = Form.useWatch('priceFen', form);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ title: plan.title, priceFen: plan.priceFen, pcImg: plan.pcImg, mobileImg: plan.mobileImg, intro: plan.intro, equityIds: plan.equityIds }}
      onFinish={(values) => onSave(planPayload(plan, values))}
    >
      <ProblemAlert problem={problem} onReloadLatest={onReloadLatest} />
      <Form.Item name="title" label={PM.name} rules={[{ required: true, whitespace: true, message: PM.titleRequired }, { max: 64 }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="priceFen"
        label={PM.price}
        extra={typeof price === 'number' && !priceProblem(price) ? PM.priceAs(yuan(price)) : PM.hint}
        rules={[{ validator: (_, v) => (priceProblem(v) ? Promise.reject(new Error(PM.priceInvalid)) : Promise.resolve()) }]}
      >
        <InputNumber style={{ width: 200 }} step={100} />
      </Form.Item>
      <Form.Item name="pcImg" label={PM.pcImg} rules={[linkRule(PM.pictureInvalid)]}>
        <PictureField label={PM.pcImg} />
      </Form.Item>
      <Form.Item name="mobileImg" label={PM.mobileImg} rules={[linkRule(PM.pictureInvalid)]}>
        <PictureField label={PM.mobileImg} />
      </Form.Item>
      <Form.Item name="intro" label={PM.intro} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="equityIds" label={PM.benefits}>
        <Select mode="multiple" aria-label={PM.benefits} options={benefits.filter((b) => b.id !== undefined).map((b) => ({ value: b.id!, label: b.title }))} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {PM.save}
        </Button>
        <Button onClick={onCancel}>{PM.cancel}</Button>
      </Space>
    </Form>
  );
}
