// What mf-payment exposes as './SubscriptionPanel': the panel, drawn without antd on its first view;
// its antd parts (orders, payment steps, dialogs) load later, each in this app's own antd theme
// (themed.tsx), since it renders in another app's React tree (each app bundles its own antd).
import { SubscriptionPanel as Panel } from './SubscriptionPanel';

export function SubscriptionPanel() {
  return <Panel />;
}

export default SubscriptionPanel;
