// Journeys against the built, composed site served by the production server on a fresh database,
// in Debian's Chromium (never a downloaded browser).
import { defineConfig, devices } from '@playwright/test';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM as chromium, VIEWPORTS } from '../scripts/lib/browser.mjs';
import { copyLiveReleases } from '../scripts/lib/releases.mjs';

const PORT = Number(process.env.E2E_PORT ?? 8180);
// One fresh embedded database per run, and a copy of the live releases that journeys may roll out
// and back (releases.spec.ts) without touching the checkout's; workers inherit the runner's environment.
// The release service's token of this run (releases.spec.ts asks the service through the release command).
process.env.QY_E2E_RELEASE_TOKEN ??= crypto.randomBytes(24).toString('base64url');
process.env.QY_E2E_DB ??= fs.mkdtempSync(path.join(os.tmpdir(), 'qy-e2e-db-'));
process.env.QY_E2E_RELEASES ??= copyLiveReleases(
  path.resolve(__dirname, '../releases'),
  fs.mkdtempSync(path.join(os.tmpdir(), 'qy-e2e-releases-')),
);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: chromium,
    trace: 'retain-on-failure',
    // The site registers a service worker a few seconds after a page loads (shell/src/offline); a
    // journey's own routing and counting of requests must see the network, so only offline.spec.ts,
    // which is about the worker, allows it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], ...VIEWPORTS.desktop, launchOptions: chromium } },
    { name: 'mobile', use: { ...VIEWPORTS.mobile, launchOptions: chromium } },
  ],
  webServer: {
    command: 'node ../server/dist/server.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PGLITE_DIR: process.env.QY_E2E_DB,
      QY_RELEASES_DIR: process.env.QY_E2E_RELEASES,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The journeys read codes from the local outbox and captcha answers from /api/dev/captchaAnswer
      // (dev tools, never on a production database). Every journey sends from 127.0.0.1, and one
      // address may be sent a reset code right after its registration code, so the send limits are
      // raised here; the limits themselves are tested in the server suite.
      DEV_TOOLS: 'true',
      CODE_SEND_LIMIT_IP: '200,2000,20000',
      CODE_SEND_LIMIT_IP_CAPTCHA: '200,2000,20000',
      CODE_SEND_LIMIT_TARGET: '5,20,50',
      // Every journey logs in from 127.0.0.1: its failures (wrong passwords on purpose) must not make
      // every later login of the run ask for the captcha. The per-address rule is tested in the server suite.
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      RELEASE_TOKENS: `e2e=${process.env.QY_E2E_RELEASE_TOKEN}`,
    },
  },
});
