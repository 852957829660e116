// What mf-payment exposes as './SubscriptionPanel': the panel inside this app's own antd theme,
// since it renders in another app's React tree (each app bundles its own antd).
import { ThemeScope } from '@qianyan/shared';
import { SubscriptionPanel as Panel } from './SubscriptionPanel';

export function SubscriptionPanel() {
  return (
    <ThemeScope>
      <Panel />
    </ThemeScope>
  );
}

export default SubscriptionPanel;
