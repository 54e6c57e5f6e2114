import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildSettings,
  decideBuild,
  ensureBuild,
  hashBuildInputs,
  recordInputs,
  SHOP_SERVER_ENTRY,
} from './build-inputs';

let root: string;
const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
const hash = () => hashBuildInputs(root, buildSettings(path.join(root, 'build'), 'production'));

/** `npm start`'s first step (scripts/ensure-build.ts), with a stand-in for the real build. */
async function start(builds: string[]) {
  const buildDir = path.join(root, 'build');
  const decision = await ensureBuild({
    root,
    buildDir,
    nodeEnv: 'production',
    async build(reason) {
      builds.push(reason);
      write('build/server/index.js', '// built');
      write(`build/${SHOP_SERVER_ENTRY}`, '// built');
      mkdirSync(path.join(buildDir, 'client'), { recursive: true });
      recordInputs(buildDir, await hash());
    },
  });
  return decision.reason;
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
  write('src/app/root.tsx', 'export default function App() {}');
  write('src/server/config.ts', 'export const x = 1;');
  write('src/server/config.test.ts', 'test');
  write('public/favicon.svg', '<svg/>');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start', () => {
  it('builds on the first start, reuses the build on the second, and rebuilds when a source file changes', async () => {
    const builds: string[] = [];
    expect(await start(builds)).toBe('no build yet');
    expect(await start(builds)).toBe('up to date');
    expect(builds).toEqual(['no build yet']);

    appendFileSync(path.join(root, 'src/app/root.tsx'), '\n// a change');
    expect(await start(builds)).toBe('inputs changed');
    expect(await start(builds)).toBe('up to date');
    expect(builds).toEqual(['no build yet', 'inputs changed']);
  });

  it('rebuilds for a new file, a new public asset or a changed package-lock.json', async () => {
    for (const change of [
      () => write('src/app/new-page.tsx', 'export {}'),
      () => write('public/robots.txt', 'User-agent: *'),
      () => write('package-lock.json', '{"lockfileVersion":3}'),
    ]) {
      const before = await hash();
      change();
      expect(await hash()).not.toBe(before);
    }
  });

  it('does not rebuild for an edited test, which never goes into the build', async () => {
    const before = await hash();
    appendFileSync(path.join(root, 'src/server/config.test.ts'), '\n// another case');
    write('src/test/helpers.ts', 'export {}');
    expect(await hash()).toBe(before);
  });

  it('rebuilds when the last build did not finish (no recorded inputs) or the build folder is gone', async () => {
    const current = await hash();
    expect(decideBuild(true, null, current)).toEqual({ build: true, reason: 'inputs changed' });
    expect(decideBuild(false, current, current)).toEqual({ build: true, reason: 'no build yet' });
    expect(decideBuild(true, current, current)).toEqual({ build: false, reason: 'up to date' });
  });

  it('builds again when the compiled server is missing (a build made before the server was compiled)', async () => {
    const builds: string[] = [];
    await start(builds);
    rmSync(path.join(root, 'build', SHOP_SERVER_ENTRY));
    expect(await start(builds)).toBe('no build yet');
    expect(await start(builds)).toBe('up to date');
  });

  it('builds again for another build folder or mode', async () => {
    const a = await hashBuildInputs(root, buildSettings(path.join(root, 'build'), 'production'));
    const b = await hashBuildInputs(root, buildSettings(path.join(root, 'build-e2e'), 'production'));
    const c = await hashBuildInputs(root, buildSettings(path.join(root, 'build'), 'development'));
    expect(new Set([a, b, c]).size).toBe(3);
  });
});
