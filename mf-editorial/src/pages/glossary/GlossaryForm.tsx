// The drawer's form of 术语表: Chinese and English term, abbreviations and synonyms as tags, the
// definition and the disease area. A refusal is shown above the fields; a 10409 (someone saved the
// term first) says so and offers the newer version, keeping what was typed.
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { emptyValues, LIMITS, savePayload, type GlossaryFormValues, type GlossarySave, type GlossaryTerm } from './glossaryApi';
import { GL } from './messages';

export interface FormProblem {
  conflict: boolean;
  message: string;
}

export function GlossaryForm({
  editing,
  areas,
  busy,
  problem,
  onSave,
  onCancel,
  onReloadLatest,
}: {
  editing?: GlossaryTerm;
  areas: { value: number; label: string }[];
  busy?: boolean;
  problem?: FormProblem | null;
  onSave: (payload: GlossarySave) => void;
  onCancel: () => void;
  onReloadLatest?: () => void;
}) {
  const [form] = Form.useForm<GlossaryFormValues>();
  useEffect(() => {
    form.setFieldsValue(editing ? { ...editing, aliases: [...editing.aliases] } : emptyValues());
  }, [editing, form]);

  return (
    <Form<GlossaryFormValues>
      form={form}
      layout="vertical"
      initialValues={editing ? { ...editing } : emptyValues()}
      onFinish={(values) => onSave(savePayload(values, editing))}
    >
      {problem && (
        <Alert
          role="alert"
          type={problem.conflict ? 'warning' : 'error'}
          showIcon
          style={{ marginBottom: 16 }}
          title={problem.conflict ? GL.conflictTitle : problem.message}
          description={problem.conflict ? problem.message : undefined}
          action={
            problem.conflict && onReloadLatest ? (
              <Button size="small" onClick={onReloadLatest}>
                {GL.reloadLatest}
              </Button>
            ) : undefined
          }
        />
      )}
      <Form.Item name="term" label={GL.term} rules={[{ required: true, whitespace: true, message: GL.termRequired }]}>
        <Input maxLength={LIMITS.term} />
      </Form.Item>
      <Form.Item name="english" label={GL.english}>
        <Input maxLength={LIMITS.english} />
      </Form.Item>
      <Form.Item
        name="aliases"
        label={GL.aliases}
        extra={GL.aliasesHint}
        rules={[
          { validator: (_, v: string[] = []) => (v.length > LIMITS.aliases ? Promise.reject(new Error(GL.tooManyAliases)) : Promise.resolve()) },
          { validator: (_, v: string[] = []) => (v.some((a) => a.trim().length > LIMITS.alias) ? Promise.reject(new Error(GL.aliasTooLong)) : Promise.resolve()) },
        ]}
      >
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '，', '、']} aria-label={GL.aliases} />
      </Form.Item>
      <Form.Item
        name="definition"
        label={GL.definition}
        rules={[
          { required: true, whitespace: true, message: GL.definitionRequired },
          { max: LIMITS.definition, message: GL.definitionTooLong },
        ]}
      >
        <Input.TextArea rows={5} showCount maxLength={LIMITS.definition} />
      </Form.Item>
      <Form.Item name="classId" label={GL.area} rules={[{ required: true, message: GL.areaRequired }]}>
        <Select options={areas} aria-label={GL.area} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {GL.save}
        </Button>
        <Button onClick={onCancel}>{GL.cancel}</Button>
      </Space>
    </Form>
  );
}
