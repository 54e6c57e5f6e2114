/**
 * Whether the React Router build in BUILD_DIR (default ./build) still matches its inputs, so
 * `npm start` can reuse it instead of building again (`npm run build` always builds).
 *
 * The inputs are the contents of everything that goes into the build: src/, public/, scripts/
 * and the package and tool config files. Tests never go into the build, so editing one does not
 * make a rebuild. The hash is written into the build folder after a successful build only.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export const INPUT_DIRS = ['src', 'public', 'scripts'];
export const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
];
const NOT_INPUTS = /(\.test\.tsx?$)|(^src\/test\/)/;
const STAMP = '.inputs-sha256';

async function filesUnder(root: string, dir: string): Promise<string[]> {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  const entries = await readdir(full, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** One hash over the path and content of every input file, plus the settings that change the output. */
export async function hashBuildInputs(root: string, settings: Record<string, string | undefined> = {}) {
  const files = [
    ...(await Promise.all(INPUT_DIRS.map((d) => filesUnder(root, d)))).flat(),
    ...INPUT_FILES.filter((f) => existsSync(path.join(root, f))),
  ]
    .filter((f) => !NOT_INPUTS.test(f))
    .sort();
  const hash = createHash('sha256');
  hash.update(JSON.stringify(settings));
  for (const file of files) {
    const content = await readFile(path.join(root, file));
    hash.update(`${file}\0${createHash('sha256').update(content).digest('hex')}\n`);
  }
  return hash.digest('hex');
}

export type BuildDecision =
  | { build: false; reason: 'up to date' }
  | { build: true; reason: 'no build yet' | 'inputs changed' };

/** The decision itself: build unless a complete build exists whose recorded inputs are today's. */
export function decideBuild(buildComplete: boolean, recorded: string | null, current: string): BuildDecision {
  if (!buildComplete) return { build: true, reason: 'no build yet' };
  if (recorded !== current) return { build: true, reason: 'inputs changed' };
  return { build: false, reason: 'up to date' };
}

/** The shop's compiled server inside the build folder (scripts/lib/bundle-server.ts): what `npm start` runs. */
export const SHOP_SERVER_ENTRY = 'shop-server/index.js';

export const buildComplete = (buildDir: string) =>
  existsSync(path.join(buildDir, 'server/index.js')) &&
  existsSync(path.join(buildDir, SHOP_SERVER_ENTRY)) &&
  existsSync(path.join(buildDir, 'client'));

export function readRecordedInputs(buildDir: string): string | null {
  try {
    return readFileSync(path.join(buildDir, STAMP), 'utf8').trim();
  } catch {
    return null;
  }
}

export function recordInputs(buildDir: string, hash: string | null) {
  const file = path.join(buildDir, STAMP);
  if (hash === null) rmSync(file, { force: true });
  else writeFileSync(file, `${hash}\n`);
}

/** What goes into the hash besides files: where the build goes and the mode it is made in. */
export const buildSettings = (buildDir: string, nodeEnv: string | undefined) => ({
  buildDir: path.resolve(buildDir),
  nodeEnv,
});

/**
 * `npm start`'s first step: runs `build` (which records the inputs when it succeeds) unless the
 * build in `buildDir` was made from exactly the current inputs.
 */
export async function ensureBuild(options: {
  root: string;
  buildDir: string;
  nodeEnv: string | undefined;
  build: (reason: 'no build yet' | 'inputs changed') => Promise<void> | void;
}): Promise<BuildDecision> {
  const { root, buildDir } = options;
  const current = await hashBuildInputs(root, buildSettings(buildDir, options.nodeEnv));
  const decision = decideBuild(buildComplete(buildDir), readRecordedInputs(buildDir), current);
  if (decision.build) await options.build(decision.reason);
  return decision;
}
