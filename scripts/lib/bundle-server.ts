/**
 * The shop's own server code (src/server, src/shared) compiled into one ES module folder,
 * `BUILD_DIR/shop-server/`, that plain `node` runs: no TypeScript loader in the running shop
 * (tsx costs ~75 MB of RSS and its own thread; docs/decisions/019).
 *
 * Packages stay in node_modules (`packages: 'external'`): sharp's and PGlite's native and wasm
 * files, pino's worker files and React (shared with React Router's build) load from there as
 * they always did. Each `await import()` becomes its own chunk, so a module imported only when
 * needed (Stripe, sharp, nodemailer, one database driver) costs nothing until then, and React is
 * still first imported after `src/server/index.ts` has set NODE_ENV.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { SHOP_SERVER_ENTRY } from './build-inputs';

export async function bundleServer(root: string, buildDir: string) {
  const outdir = path.join(buildDir, path.dirname(SHOP_SERVER_ENTRY));
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The embedded database's thread and a backup's child process (docs/decisions/038) are modules
    // of their own, found beside the bundle's chunks.
    entryPoints: {
      index: 'src/server/index.ts',
      'pglite-worker': 'src/server/db/pglite-worker.ts',
      'backup-child': 'src/server/backup/backup-child.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Files for `node --enable-source-maps` when a stack trace should name the TypeScript line.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // `src/server/db/client.ts` finds its migrations beside itself (`./migrations`); in the bundle,
  // beside the bundle.
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
}
