// The profile form in antd's brand theme, for the account flows whose first view carries no antd
// (registration's step 3, the profile after binding a phone): its own chunk, loaded for that step.
import { ThemeScope } from '@qianyan/shared';
import type { ComponentProps } from 'react';
import { ProfileForm } from './ProfileForm';

export function ThemedProfileForm(props: ComponentProps<typeof ProfileForm>) {
  return (
    <ThemeScope>
      <ProfileForm {...props} />
    </ThemeScope>
  );
}
