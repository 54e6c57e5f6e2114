import { loadConfig } from './config';

const config = loadConfig();
// React picks its build from NODE_ENV when it is first imported, and its development build renders
// pages 2-4x slower (bench/RESULTS.md). Unset NODE_ENV means production to the shop (config.ts), so
// say so to React too, before anything imports it; the production checks read the original.
process.env.NODE_ENV = config.env;
const { serve } = await import('./serve');
await serve(config);
