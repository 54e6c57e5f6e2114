import type { Services } from '~/server/services';

// What the server hands every loader and action: the one set of services, and who is asking.
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    clientIp: string;
  }
}
