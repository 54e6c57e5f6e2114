import type { Connections } from '../db/client';
import type { Metrics } from './metrics';

/** The database's connections, read at each scrape (db/client.ts says what they are on each database). */
export function watchConnections(metrics: Metrics, connections: () => Connections) {
  metrics.gauge({
    name: 'db_connections_in_use',
    help: 'Database connections running a statement or transaction now',
    collect() {
      this.set(connections().inUse);
    },
  });
  metrics.gauge({
    name: 'db_connections_waiting',
    help: 'Requests waiting for a database connection now',
    collect() {
      this.set(connections().waiting);
    },
  });
  metrics.gauge({
    name: 'db_connections_max',
    help: 'Database connections this instance may open (DATABASE_POOL_SIZE; 1 on the embedded database)',
    collect() {
      this.set(connections().max);
    },
  });
}
