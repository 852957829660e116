// Runs this remote without the shell (npm run dev -w @qianyan/mf-content), on its real routes.
import { runStandalone } from '@qianyan/shared/standalone';
import { App } from './App';

runStandalone('mf-content', App);
