// Runs this remote without the shell: same providers, mounted into #qy-main.
import { AppProviders } from '@qianyan/shared';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('qy-main') as HTMLElement).render(
  <AppProviders>
    <App />
  </AppProviders>,
);
