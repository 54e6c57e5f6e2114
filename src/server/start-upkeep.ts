import { startEmbeddedUpkeep } from './db/embedded-upkeep';
import type { Logger } from './logger';
import { startHeapCompactionWhenIdle } from './memory/compact-heap-when-idle';
import type { Services } from './services';
import { repeatJobs } from './upkeep/upkeep';

/**
 * The one place the shop's background work starts: each domain hands over its own jobs (the
 * orders' expiry sweep and folds, gift cards' expiry, the Cookie Club's boxes, marketing
 * e-mails, made-to-order balances, trade standing orders), the backups keep their daily time,
 * and the process its own upkeep. One stop for all.
 */
export function startUpkeep(services: Services, log: Logger): () => void {
  const stops = [
    repeatJobs(
      [
        ...services.orders.upkeepJobs(),
        ...services.giftCards.upkeepJobs(),
        ...services.subscriptions.upkeepJobs(),
        ...services.marketing.upkeepJobs(),
        ...services.madeToOrderJobs.upkeepJobs(),
        ...services.standingOrders.upkeepJobs(),
      ],
      log,
    ),
    services.backups.startSchedule(),
    startHeapCompactionWhenIdle(log),
    services.dbKind === 'pglite' ? startEmbeddedUpkeep(services.db, log) : () => {},
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
