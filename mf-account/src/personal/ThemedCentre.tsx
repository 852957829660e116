// The logged-in personal centre with antd's brand theme: one chunk, loaded once a reader is logged
// in, so a visitor's /personal carries no antd.
import { ThemeScope, type SessionUser } from '@qianyan/shared';
import { PersonalCentre } from './PersonalCentre';

export function ThemedCentre({ user }: { user: SessionUser }) {
  return (
    <ThemeScope>
      <PersonalCentre user={user} />
    </ThemeScope>
  );
}
