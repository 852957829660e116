// 人员 (admins): staff accounts with their roles; a role is changed (撰稿人, 编辑, 管理员, or none)
// after a confirmation, and an account is given a role by its username, mobile or e-mail. The
// server's refusals (the last admin, an unknown account) are shown as it words them.
import { PlusOutlined } from '@ant-design/icons';
import { toast, useDocumentTitle } from '@qianyan/shared';
import { Alert, Button, Form, Input, Modal, Select, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useStaff } from '../../access/staff';
import type { StaffRole } from '../../api';
import { consoleApi, type StaffMember } from '../../consoleApi';
import { CM } from '../../consoleMessages';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';

const C = CM.staffCols;
type RoleChoice = StaffRole | '';

const roleLabel = (role: RoleChoice) => (role ? ED_MSG.roles[role] : CM.roleNone);
const ROLE_OPTIONS = (['contributor', 'editor', 'admin', ''] as const).map((r) => ({ value: r, label: roleLabel(r) }));

function AddStaffDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ account: string; role: StaffRole }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const r = await consoleApi.setRole(values.account.trim(), values.role);
      toast.success(CM.roleChanged(r.username, roleLabel(r.role ?? '')));
      onClose();
      onDone();
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={CM.addStaff} okText={ED_MSG.ok} cancelText={ED_MSG.cancel} confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ role: 'contributor' }}>
        <Form.Item name="account" label={CM.addStaffAccount} rules={[{ required: true, whitespace: true, message: CM.accountRequired }]}>
          <Input maxLength={254} />
        </Form.Item>
        <Form.Item name="role" label={CM.addStaffRole}>
          <Select options={ROLE_OPTIONS.filter((o) => o.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function StaffPage() {
  useDocumentTitle(`${CM.staffTitle} · ${ED_MSG.consoleName}`);
  const me = useStaff();
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [error, setError] = useState('');
  const [adding, setAdding] = useState(false);
  // The hook's dialogs take the console's theme (the static Modal.confirm would not).
  const [modal, modalHolder] = Modal.useModal();

  const load = useCallback(async () => {
    try {
      setStaff(await consoleApi.staff());
    } catch {
      setStaff([]);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const change = (m: StaffMember, role: RoleChoice) => {
    if (role === m.role) return;
    modal.confirm({
      title: C.change,
      content: CM.roleConfirm(m.username, roleLabel(m.role), roleLabel(role)),
      okText: ED_MSG.ok,
      okButtonProps: { danger: role === '' },
      cancelText: ED_MSG.cancel,
      onOk: async () => {
        try {
          const r = await consoleApi.setRole(m.username, role, { silent: true });
          setError('');
          toast.success(CM.roleChanged(r.username, roleLabel(r.role ?? '')));
        } catch (err) {
          setError(err instanceof Error ? err.message : ED_MSG.meFailed);
        }
        await load();
      },
    });
  };

  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-staff-h">
      {modalHolder}
      <div className="qy-ed-page__head">
        <Typography.Title level={3} id="qy-ed-staff-h" style={{ margin: 0 }}>
          {CM.staffTitle}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {CM.addStaff}
        </Button>
      </div>
      {error && <Alert className="qy-ed-conflict" type="error" showIcon message={error} closable onClose={() => setError('')} />}
      <Table<StaffMember>
        rowKey="memberId"
        loading={staff === null}
        dataSource={staff ?? []}
        pagination={false}
        locale={{ emptyText: CM.noStaff }}
        columns={[
          { title: C.username, render: (_, m) => `${m.username}${m.memberId === me.id ? CM.you : ''}` },
          { title: C.truename, dataIndex: 'truename', render: (t: string) => t || '—' },
          { title: C.role, width: 100, render: (_, m) => ED_MSG.roles[m.role] ?? m.role },
          { title: C.grantedAt, dataIndex: 'grantedAt', width: 170, render: (t: string) => (t ? dayjs(t).format('YYYY-MM-DD HH:mm') : '—') },
          { title: C.grantedBy, width: 130, render: (_, m) => m.grantedBy?.username ?? '—' },
          {
            title: C.change,
            width: 220,
            render: (_, m) => (
              <Select<RoleChoice>
                aria-label={`${C.change}：${m.username}`}
                style={{ width: 200 }}
                value={m.role}
                onChange={(role) => change(m, role)}
                options={ROLE_OPTIONS}
              />
            ),
          },
        ]}
      />
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} onDone={() => void load()} />
    </section>
  );
}
