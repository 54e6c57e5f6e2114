import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Metrics } from './metrics';

const ASK = 'shop:metrics?';
const ANSWER = 'shop:metrics!';
/** A scrape that has not heard from every process by then fails (prom-client's own limit is 5 s). */
const WAIT_MS = 6_000;

type Asked = { type: typeof ASK; id: number };
type Answered = { type: typeof ANSWER; id: number; text?: string; error?: string };

/**
 * WEB_CONCURRENCY > 1, primary: answers a worker's "metrics?" with every worker's metrics added
 * up by prom-client's AggregatorRegistry (counters and gauges summed; each metric may name
 * another way, e.g. the event-loop lag's average). docs/decisions/028.
 */
export function answerClusterScrapes() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: Asked) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answered),
      (err: Error) => worker.send({ type: ANSWER, id: message.id, error: err.message } satisfies Answered),
    );
  });
}

/**
 * WEB_CONCURRENCY > 1, each worker: gives the primary its registry when asked, and makes its
 * GET /metrics answer for the whole shop (whichever worker the scrape reached) by asking the
 * primary.
 */
export function scrapeWholeCluster(metrics: Metrics) {
  new AggregatorRegistry(); // installs prom-client's answer to the primary's request
  AggregatorRegistry.setRegistries([metrics.registry]);
  let lastId = 0;
  const waiting = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();
  process.on('message', (message: Answered) => {
    if (message?.type !== ANSWER) return;
    const call = waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id);
    if (message.error !== undefined)
      call.reject(new Error(`metrics of the other processes: ${message.error}`));
    else call.resolve(message.text ?? '');
  });
  metrics.scrapeWith(
    () =>
      new Promise<string>((resolve, reject) => {
        const id = ++lastId;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the other server processes did not give their metrics in time'));
        }, WAIT_MS);
        waiting.set(id, {
          resolve: (text) => {
            clearTimeout(timer);
            resolve(text);
          },
          reject: (err) => {
            clearTimeout(timer);
            reject(err);
          },
        });
        process.send?.({ type: ASK, id } satisfies Asked);
      }),
  );
}
