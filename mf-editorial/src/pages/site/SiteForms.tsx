// The drawers' forms of 站点: a banner picture and an advert. The checks here are the server's
// (siteMessages.ts), so an editor sees the reason at the field before anything is sent; the server
// checks again. A refusal or a 10409 (someone changed it first) is shown above the fields.
import { Alert, Button, DatePicker, Form, Input, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ST } from './messages';
import { PictureField } from './PictureField';
import {
  ADVERT_POSITIONS,
  cleanPicture,
  endBeforeStart,
  linkRule,
  positionLabel,
  SITE_LIMITS,
  type AdvertPosition,
  type AdvertSave,
  type BannerPicture,
  type SiteAdvert,
} from './siteApi';

export interface FormProblem {
  conflict: boolean;
  message: string;
}

export function ProblemAlert({ problem, onReloadLatest }: { problem?: FormProblem | null; onReloadLatest?: () => void }) {
  if (!problem) return null;
  return (
    <Alert
      role="alert"
      type={problem.conflict ? 'warning' : 'error'}
      showIcon
      style={{ marginBottom: 16 }}
      title={problem.conflict ? ST.conflictTitle : problem.message}
      description={problem.conflict ? problem.message : undefined}
      action={
        problem.conflict && onReloadLatest ? (
          <Button size="small" onClick={onReloadLatest}>
            {ST.reloadLatest}
          </Button>
        ) : undefined
      }
    />
  );
}

export function BannerForm({
  picture,
  busy,
  problem,
  onSave,
  onCancel,
  onReloadLatest,
}: {
  picture?: BannerPicture;
  busy?: boolean;
  problem?: FormProblem | null;
  onSave: (picture: BannerPicture) => void;
  onCancel: () => void;
  onReloadLatest?: () => void;
}) {
  const [form] = Form.useForm<BannerPicture>();
  return (
    <Form<BannerPicture>
      form={form}
      layout="vertical"
      initialValues={picture ?? { pic: '', title: '', intro: '', url: '' }}
      onFinish={(values) => onSave(cleanPicture(values))}
    >
      <ProblemAlert problem={problem} onReloadLatest={onReloadLatest} />
      <Form.Item
        name="pic"
        label={ST.picture}
        extra={ST.pictureHint}
        rules={[{ required: true, whitespace: true, message: ST.bannerPicRequired }, linkRule(ST.pictureInvalid)]}
      >
        <PictureField label={ST.picture} />
      </Form.Item>
      <Form.Item name="title" label={ST.bannerTitle} rules={[{ max: SITE_LIMITS.bannerTitle, message: ST.bannerTitleTooLong }]}>
        <Input />
      </Form.Item>
      <Form.Item name="intro" label={ST.bannerIntro} rules={[{ max: SITE_LIMITS.bannerIntro, message: ST.bannerIntroTooLong }]}>
        <Input.TextArea rows={3} showCount />
      </Form.Item>
      <Form.Item name="url" label={ST.bannerUrl} extra={ST.linkHint} rules={[linkRule(ST.linkInvalid)]}>
        <Input />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {ST.save}
        </Button>
        <Button onClick={onCancel}>{ST.cancel}</Button>
      </Space>
    </Form>
  );
}

export interface AdvertFormValues {
  name: string;
  img: string;
  adUrl: string;
  advertPosition: AdvertPosition;
  ifPublish: boolean;
  startAt: Dayjs | null;
  endAt: Dayjs | null;
}

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const timeOf = (text: string) => (text ? dayjs(text) : null);
const textOf = (t: Dayjs | null | undefined) => (t ? t.format(TIME_FORMAT) : '');

export const advertValues = (a?: SiteAdvert, position: AdvertPosition = '页眉'): AdvertFormValues =>
  a
    ? { name: a.name, img: a.img, adUrl: a.adUrl, advertPosition: a.advertPosition, ifPublish: a.ifPublish === 1, startAt: timeOf(a.startAt), endAt: timeOf(a.endAt) }
    : { name: '', img: '', adUrl: '', advertPosition: position, ifPublish: true, startAt: null, endAt: null };

/** What 保存 sends: trimmed text, the times as Beijing wall time, the revision the edit began from. */
export function advertPayload(values: AdvertFormValues, editing?: Pick<SiteAdvert, 'id' | 'revision'>): AdvertSave {
  return {
    ...(editing ? { id: editing.id, baseRevision: editing.revision } : {}),
    name: values.name.trim(),
    img: values.img.trim(),
    adUrl: (values.adUrl ?? '').trim(),
    advertPosition: values.advertPosition,
    ifPublish: values.ifPublish ? 1 : 0,
    startAt: textOf(values.startAt),
    endAt: textOf(values.endAt),
  };
}

export function AdvertForm({
  editing,
  position,
  busy,
  problem,
  onSave,
  onCancel,
  onReloadLatest,
}: {
  editing?: SiteAdvert;
  position?: AdvertPosition;
  busy?: boolean;
  problem?: FormProblem | null;
  onSave: (payload: AdvertSave) => void;
  onCancel: () => void;
  onReloadLatest?: () => void;
}) {
  const [form] = Form.useForm<AdvertFormValues>();
  return (
    <Form<AdvertFormValues> form={form} layout="vertical" initialValues={advertValues(editing, position)} onFinish={(values) => onSave(advertPayload(values, editing))}>
      <ProblemAlert problem={problem} onReloadLatest={onReloadLatest} />
      <Form.Item
        name="name"
        label={ST.advertName}
        rules={[
          { required: true, whitespace: true, message: ST.advertNameRequired },
          { max: SITE_LIMITS.advertName, message: `广告名称不超过 ${SITE_LIMITS.advertName} 个字` },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="img" label={ST.picture} extra={ST.pictureHint} rules={[{ required: true, whitespace: true, message: ST.advertImageRequired }, linkRule(ST.pictureInvalid)]}>
        <PictureField label={ST.picture} />
      </Form.Item>
      <Form.Item name="adUrl" label={ST.advertUrl} extra={ST.linkHint} rules={[linkRule(ST.linkInvalid)]}>
        <Input />
      </Form.Item>
      <Form.Item name="advertPosition" label={ST.position}>
        <Select aria-label={ST.position} options={ADVERT_POSITIONS.map((p) => ({ value: p, label: positionLabel(p) }))} />
      </Form.Item>
      <Form.Item name="ifPublish" label={ST.publish} valuePropName="checked">
        <Switch checkedChildren={ST.published} unCheckedChildren={ST.unpublished} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="startAt" label={ST.startAt}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} aria-label={ST.startAt} />
        </Form.Item>
        <Form.Item
          name="endAt"
          label={ST.endAt}
          dependencies={['startAt']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, end: Dayjs | null) =>
                endBeforeStart(textOf(getFieldValue('startAt') as Dayjs | null), textOf(end)) ? Promise.reject(new Error(ST.endBeforeStart)) : Promise.resolve(),
            }),
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} aria-label={ST.endAt} />
        </Form.Item>
      </Space>
      <p className="qy-ed-site__hint">{ST.timeHint}</p>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {ST.save}
        </Button>
        <Button onClick={onCancel}>{ST.cancel}</Button>
      </Space>
    </Form>
  );
}
