// Runs the console without the shell (npm run dev -w @qianyan/mf-editorial) on its real routes.
import { runStandalone } from '@qianyan/shared/standalone';
import { App } from './App';

runStandalone('mf-editorial', App);
