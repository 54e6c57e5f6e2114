import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { ClientBuild } from './app';

/**
 * Loads the React Router build made by `npm run build` (BUILD_DIR, default ./build). An empty
 * BUILD_DIR means the default too: the repository's root is never a build directory.
 */
export async function loadClientBuild(dir?: string): Promise<ClientBuild> {
  const buildDir = dir || process.env.BUILD_DIR || 'build';
  const serverEntry = path.resolve(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`No build found at ${serverEntry}. Run "npm run build" first.`);
  }
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { server, clientDir: path.resolve(buildDir, 'client') };
}
