// The profile form's stand-in for the pages that embed it (registration, the WeChat phone binding):
// the form has its own tests, so these show only what the page hands it and what follows its save.
import type { Profile } from '@qianyan/shared';

export function ProfileForm({
  initial,
  onSaved,
  submitText,
}: {
  initial?: Partial<Profile>;
  onSaved: (p: Partial<Profile>) => void;
  submitText?: string;
}) {
  return (
    <div data-testid="profile-form" data-membername={initial?.membername} data-mobile={initial?.mobile}>
      <button type="button" onClick={() => onSaved({ ...initial, truename: '张医生' })}>
        {submitText}
      </button>
    </div>
  );
}
