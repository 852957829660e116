// The consent checkboxes of the personal centre (§4): ticking saves at once; unticking asks first,
// then saves and says 已成功取消!.
import { api, MSG, toast, type Profile, type UpdateConsentBody } from '@qianyan/shared/core';
import { PlainCheckbox, useThemedModal } from '@qianyan/shared/plain';
import { useState } from 'react';
import { PROFILE_TEXT } from '../profile/messages';
import { PERSONAL_TEXT as T } from './messages';

export type ConsentKey = keyof UpdateConsentBody;

export const CONSENTS: { key: ConsentKey; label: string }[] = [
  { key: 'ifReceiveNejm', label: PROFILE_TEXT.consentNejm },
  { key: 'ifReceiveJh', label: PROFILE_TEXT.consentJh },
  { key: 'ifReceiveDsf', label: PROFILE_TEXT.consentDsf },
];

export const consentsOf = (p: Pick<Profile, ConsentKey>): UpdateConsentBody => ({
  ifReceiveNejm: p.ifReceiveNejm ? 1 : 0,
  ifReceiveJh: p.ifReceiveJh ? 1 : 0,
  ifReceiveDsf: p.ifReceiveDsf ? 1 : 0,
});

export function ConsentSettings({ profile, onSaved }: { profile: Profile; onSaved(profile: Profile): void }) {
  const [openModal, modalHolder] = useThemedModal();
  const [saving, setSaving] = useState<ConsentKey | null>(null);
  const current = consentsOf(profile);

  const save = async (key: ConsentKey, value: 0 | 1) => {
    setSaving(key);
    try {
      const saved = await api.user.updateSubscribe({ ...current, [key]: value });
      toast.success(value ? MSG.saveSuccess : MSG.cancelled);
      onSaved(saved);
    } catch {
      // The API client has shown the message; the box keeps its old state.
    } finally {
      setSaving(null);
    }
  };

  const change = (key: ConsentKey, label: string, checked: boolean) => {
    if (checked) return void save(key, 1);
    openModal({
      kind: 'confirm',
      title: T.consentCancelTitle,
      content: T.consentCancelContent(label),
      okText: T.consentCancelOk,
      cancelText: T.consentCancelKeep,
      onOk: () => save(key, 0),
    });
  };

  return (
    <div className="qy-consents" role="group" aria-label={T.sectionConsents}>
      {CONSENTS.map(({ key, label }) => (
        <PlainCheckbox key={key} checked={current[key] === 1} disabled={saving !== null} onChange={(checked) => change(key, label, checked)}>
          {label}
        </PlainCheckbox>
      ))}
      <p className="qy-consents__hint">{T.consentsHint}</p>
      {modalHolder}
    </div>
  );
}
