import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/app',
  // Separate build folders let several checkouts (or parallel test runs) build side by side.
  buildDirectory: process.env.BUILD_DIR || 'build',
  ssr: true,
} satisfies Config;
