/**
 * `npm start`'s first step: builds the shop when something that goes into the build changed since
 * the last one (or there is none), otherwise reuses it. It then exits, and `npm start` runs the
 * compiled server with plain `node` (package.json), so no TypeScript loader stays in memory.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './lib/build-inputs';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');

const decision = await ensureBuild({
  root,
  buildDir,
  nodeEnv: process.env.NODE_ENV,
  build(reason) {
    console.log(
      reason === 'no build yet'
        ? 'Building the shop (first start: about half a minute)...'
        : 'Building the shop (its source changed since the last build)...',
    );
    const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build.ts')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  },
});
if (!decision.build) console.log('Reusing the build: nothing that goes into it changed since it was made.');
