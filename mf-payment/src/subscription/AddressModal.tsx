// Yearly plans (2 and 4) ask for the gift's shipping address before paying (§2.9, §5):
// recipient, phone, region (province, city, district) and detailed address are all required.
import { Cascader, Form, Input, Modal } from 'antd';
import {
  antdRule,
  api,
  ApiError,
  MSG,
  QueryPending,
  useApiQuery,
  validateMobile,
  type ProviderReply,
  type RegionNode,
  type ShippingAddress,
} from '@qianyan/shared';
import { useEffect, useMemo, useState } from 'react';
import { PAY_FLOW_MSG } from '../messages';

interface RegionOption {
  value: number;
  label: string;
  children?: RegionOption[];
}

const toOptions = (nodes: RegionNode[]): RegionOption[] =>
  nodes.map((n) => ({
    value: Number(n.code),
    label: n.name,
    children: n.children?.length ? toOptions(n.children) : undefined,
  }));

interface FormValues {
  sh_name: string;
  sh_phone: string;
  region: number[];
  sh_address: string;
}

export function AddressModal({ open, onSaved, onCancel }: { open: boolean; onSaved: () => void; onCancel: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const data = useApiQuery(
    async () =>
      open
        ? Promise.all([api.region.getTree({ silent: true }), api.program.getMyAddress({ silent: true })])
        : null,
    [open],
  );
  const options = useMemo(() => toOptions(data.data?.[0] ?? []), [data.data]);
  const saved = data.data?.[1].item ?? null;

  useEffect(() => {
    if (!saved) return;
    form.setFieldsValue({
      sh_name: saved.sh_name,
      sh_phone: saved.sh_phone,
      region: saved.area_id ? [saved.pro_id, saved.city_id, saved.area_id] : [],
      sh_address: saved.sh_address,
    });
  }, [saved, form]);

  const submit = async (values: FormValues) => {
    const [pro, city, area] = values.region;
    const province = options.find((o) => o.value === pro);
    const cityNode = province?.children?.find((o) => o.value === city);
    const areaNode = cityNode?.children?.find((o) => o.value === area);
    if (!province || !cityNode || !areaNode) {
      form.setFields([{ name: 'region', errors: [PAY_FLOW_MSG.addressRegionRequired] }]);
      return;
    }
    const body: ShippingAddress = {
      pro_id: province.value,
      city_id: cityNode.value,
      area_id: areaNode.value,
      pro_name: province.label,
      city_name: cityNode.label,
      area_name: areaNode.label,
      sh_name: values.sh_name.trim(),
      sh_phone: values.sh_phone.trim(),
      sh_address: values.sh_address.trim(),
    };
    setSaving(true);
    setSaveError(null);
    try {
      await api.program.addOrModifyAddress(body, { silent: true });
      onSaved();
    } catch (err) {
      const reply = err instanceof ApiError ? (err.data as ProviderReply | undefined) : undefined;
      setSaveError(reply?.msg || (err as Error).message || MSG.busy);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={PAY_FLOW_MSG.addressTitle}
      okText={PAY_FLOW_MSG.addressSave}
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onCancel}
      okButtonProps={{ disabled: !data.data }}
      destroyOnHidden
    >
      <p className="qy-sub__hint">{PAY_FLOW_MSG.addressHint}</p>
      {!data.data && <QueryPending query={data} rows={4} />}
      {data.data && (
        <Form<FormValues> form={form} layout="vertical" onFinish={submit} requiredMark>
          <Form.Item
            name="sh_name"
            label={PAY_FLOW_MSG.addressName}
            rules={[{ required: true, whitespace: true, message: PAY_FLOW_MSG.addressNameRequired }]}
          >
            <Input maxLength={30} autoComplete="name" />
          </Form.Item>
          <Form.Item name="sh_phone" label={PAY_FLOW_MSG.addressPhone} required rules={[antdRule((v) => validateMobile(v))]}>
            <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
          </Form.Item>
          <Form.Item
            name="region"
            label={PAY_FLOW_MSG.addressRegion}
            rules={[
              {
                required: true,
                validator: (_, v: number[] | undefined) =>
                  v && v.length === 3 ? Promise.resolve() : Promise.reject(new Error(PAY_FLOW_MSG.addressRegionRequired)),
              },
            ]}
          >
            <Cascader options={options} placeholder={PAY_FLOW_MSG.addressRegionRequired} aria-label={PAY_FLOW_MSG.addressRegion} />
          </Form.Item>
          <Form.Item
            name="sh_address"
            label={PAY_FLOW_MSG.addressDetail}
            rules={[{ required: true, whitespace: true, message: PAY_FLOW_MSG.addressDetailRequired }]}
          >
            <Input.TextArea maxLength={200} rows={2} autoComplete="street-address" />
          </Form.Item>
          {saveError && (
            <p className="qy-sub__error" role="alert">
              {saveError}
            </p>
          )}
        </Form>
      )}
    </Modal>
  );
}
