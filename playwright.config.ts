import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL as baseURL, E2E_PORT as port } from './e2e/base-url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

// Each run starts the shop the way `npm start` does, on a new embedded database.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `shop-e2e-${port}-${process.pid}`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf "${dataDir}" && npm start --silent`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Journeys sign in many times from one address; the limits themselves are tested in the API suite.
      RATE_LIMITS: 'false',
      // The standing orders' sweep every 2 seconds, so a journey sees a day made (decision 089).
      STANDING_ORDERS_SWEEP_MS: '2000',
    },
  },
});
