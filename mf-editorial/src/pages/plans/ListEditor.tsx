// An ordered list edited in place and saved as a whole at the version it was loaded at (the benefits
// list, the FAQ): rows with their fields, moved up or down, removed, added at the end. What is
// saved is the whole stored row (a benefit keeps its id, which has no field).
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { PM } from './messages';

export interface ListField {
  name: string;
  label: string;
  required?: string;
  max: number;
  rows?: number;
  render?: (label: string) => ReactNode;
}

export function ListEditor<T extends object>({
  items,
  fields,
  addLabel,
  blank,
  busy,
  onSave,
  header,
}: {
  items: T[];
  fields: ListField[];
  addLabel: string;
  blank: T;
  busy?: boolean;
  onSave: (items: T[]) => void;
  header?: ReactNode;
}) {
  const [form] = Form.useForm<{ items: T[] }>();
  return (
    <Form form={form} layout="vertical" initialValues={{ items }} onFinish={() => onSave((form.getFieldValue('items') as T[] | undefined) ?? [])}>
      {header}
      <Form.List name="items">
        {(rows, { add, remove, move }) => (
          <>
            {rows.map((row, i) => (
              <Card
                key={row.key}
                size="small"
                style={{ marginBottom: 12 }}
                title={`${i + 1}`}
                extra={
                  <Space>
                    <Button size="small" icon={<ArrowUpOutlined />} aria-label={PM.up} disabled={i === 0} onClick={() => move(i, i - 1)} />
                    <Button size="small" icon={<ArrowDownOutlined />} aria-label={PM.down} disabled={i === rows.length - 1} onClick={() => move(i, i + 1)} />
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={PM.remove} onClick={() => remove(i)} />
                  </Space>
                }
              >
                {fields.map((f) => (
                  <Form.Item
                    key={f.name}
                    name={[row.name, f.name]}
                    label={f.label}
                    rules={[...(f.required ? [{ required: true, whitespace: true, message: f.required }] : []), { max: f.max }]}
                  >
                    {f.render ? f.render(f.label) : f.rows ? <Input.TextArea rows={f.rows} maxLength={f.max} /> : <Input maxLength={f.max} />}
                  </Form.Item>
                ))}
              </Card>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ ...blank })} style={{ marginBottom: 16 }}>
              {addLabel}
            </Button>
          </>
        )}
      </Form.List>
      <div>
        <Button type="primary" htmlType="submit" loading={busy}>
          {PM.save}
        </Button>
      </div>
    </Form>
  );
}
