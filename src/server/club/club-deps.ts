import type { DeliveryZone } from '~/shared/delivery-zones/zones';
import type { BakeDaysService } from '../bake-days/bake-days-service';
import type { PricingSettings } from '../checkout/basket-lines';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import type { Logger } from '../logger';
import type { MailService } from '../mail/mail-service';
import type { OrdersService } from '../orders/orders-service';
import type { PaymentProvider, ProviderEvent } from '../payments/payment-provider';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** What the Cookie Club is handed where services are wired (it reaches into no other feature). */
export interface ClubDeps {
  config: Config;
  db: Db;
  orders: OrdersService;
  provider: PaymentProvider;
  mail: MailService;
  /** The bake-day calendar as it stands at `now` (the scheduler's clock, moved by --as-of). */
  bakeDaysAt: (now: () => Date) => BakeDaysService;
  pricingSettings: (exec: Db | Tx) => Promise<PricingSettings>;
  /** The delivery zones as they are now: a club delivery pays its member's zone's delivery charge (decision 041). */
  zones: (exec: Db | Tx) => Promise<readonly DeliveryZone[]>;
  /** Records a charge's answer through the payments module's one fulfilment (paid exactly once). */
  recordCharge: (event: ProviderEvent) => Promise<unknown>;
  /** Joining is rate limited per member: each join opens a card page at the provider. */
  rateLimiter: RateLimiter;
  log: Logger;
}

/** The author of what the scheduler does, in order and subscription history. */
export const CLUB = { type: 'system' as const, name: 'Cookie Club' };

/** The payment reference of a delivery's order: how the provider's answers find it (decision 045). */
export const deliveryReference = (deliveryId: string) => `club_${deliveryId}`;
