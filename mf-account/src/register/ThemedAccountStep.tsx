// Step 2 of registration in antd's brand theme: its own chunk, loaded when step 1 is done.
import { ThemeScope } from '@qianyan/shared';
import type { ComponentProps } from 'react';
import { AccountStep } from './AccountStep';

export function ThemedAccountStep(props: ComponentProps<typeof AccountStep>) {
  return (
    <ThemeScope>
      <AccountStep {...props} />
    </ThemeScope>
  );
}
