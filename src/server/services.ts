import { londonDate } from '~/shared/time/london-time';
import { createAccountPrivacyService } from './account/account-privacy-service';
import { createAccountService } from './account/account-service';
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  demoSecondFactorAllowed,
  seedDemoUsers,
  settleDemoSecondFactor,
} from './account/seed-demo-users';
import { actingAs } from './activity/activity-log';
import { createActivityReads } from './activity/activity-reads';
import { createAdminServices } from './admin/admin-services';
import { authSecretFor, createAuth } from './auth/auth';
import { createSessionService } from './auth/session-service';
import { watchBackupAge } from './backup/backup-metrics';
import { createBackupService } from './backup/backup-service';
import { backUpBeforeMigrating } from './backup/before-migrating';
import { createBakeDaysService, dayAtPayment } from './bake-days/bake-days-service';
import { createDaySheetsService } from './bake-days/day-sheets-service';
import { createBooksService } from './books/books-service';
import { createCatalogService } from './catalog/catalog-service';
import { createCheckoutService } from './checkout/checkout-service';
import { createSubscriptionsService } from './club/club-service';
import type { Config } from './config';
import { createContactService } from './contact/contact-service';
import { createCatalogVersion } from './db/catalog-version';
import { openDatabase } from './db/client';
import { seedCatalog } from './db/seed-catalog';
import { createZonesService, seedDemoZones } from './delivery-zones/zones-service';
import { seedDemoHistory } from './demo-history';
import { createDiscountsService } from './discounts/discounts-service';
import { createGiftCardsService } from './gift-cards/gift-cards-service';
import { createTermsService } from './legal/terms-service';
import { createTraderDetailsService, seedDemoTrader } from './legal/trader-details-service';
import { forwardView } from './limited/forward-view';
import { orderableSoon } from './limited/orderable';
import { type ProductOnPage, productDayState, productDaysLeft } from './limited/product-days';
import { createLogger, type Logger } from './logger';
import { seedDemoMadeToOrder } from './made-to-order/demo-made-to-order';
import { createMadeToOrderJobs } from './made-to-order/made-to-order-jobs';
import { createMadeToOrderService } from './made-to-order/made-to-order-service';
import { createMailService } from './mail/mail-service';
import { passwordResetEmail } from './mail/password-reset-email';
import { createMarketingService } from './marketing/marketing-service';
import { watchConnections } from './metrics/database-gauges';
import { createMetrics } from './metrics/metrics';
import { createShopCounters } from './metrics/shop-counters';
import { cancelPendingOrders } from './orders/account-deletion';
import { cardOrders } from './orders/cards-bought';
import { forgetCustomerInOrders } from './orders/orders-privacy';
import { createOrdersService } from './orders/orders-service';
import { createPartPayments } from './payments/part-payments';
import { createPaymentProvider, createPaymentsService, type PaymentHooks } from './payments/payments-service';
import { createRateLimiter } from './rate-limit/rate-limiter';
import { createLabelsService } from './recipes/labels-service';
import { createProductionService } from './recipes/production-service';
import { recipeFood } from './recipes/recipe-book';
import { createRecipesService } from './recipes/recipes-service';
import { createReviewsService } from './reviews/reviews-service';
import { createSettingsService } from './settings/settings-service';
import { createStaffInvites } from './staff/staff-invites';
import { staffRoleOf } from './staff/staff-roles';
import { createStaffService } from './staff/staff-service';
import { createCreditNotesService } from './trade/credit-notes-service';
import { seedDemoStandingOrder } from './trade/demo-standing-orders';
import { DEMO_CAFE, seedDemoTrade } from './trade/demo-trade';
import { seedDemoTradeOrders } from './trade/demo-trade-orders';
import { createStandingOrdersService } from './trade/standing-orders-service';
import { createTradeAccountsService } from './trade/trade-accounts-service';
import { createTradeOrdersService } from './trade/trade-orders-service';

/**
 * Opens the database once and builds every service on it. The Hono app and React Router's
 * loaders (through the load context) share this one object.
 */
export async function createServices(
  config: Config,
  log: Logger = createLogger(config),
  options: { seedCatalog?: boolean } = {},
) {
  // First, so every service can count what it does (GET /metrics).
  const metrics = createMetrics();
  const counters = createShopCounters(metrics);
  const database = await openDatabase(
    config.database,
    async (db) => {
      if ((options.seedCatalog ?? true) && (await seedCatalog(db))) {
        log.info('seeded the demo catalogue');
        // A new shop gets the demo delivery zones with its demo catalogue (decision 041).
        if (await seedDemoZones(db)) log.info('seeded the demo delivery zones');
        if (await seedDemoTrader(db)) log.info("seeded the demo shop's legal details");
      }
    },
    log,
    { beforeMigrating: (db, pending) => backUpBeforeMigrating(config, db, pending, log) },
  );
  const { db } = database;
  watchConnections(metrics, database.connections);
  // Other instances' product changes are noticed by polling; on the embedded database there are none.
  const catalogVersion = createCatalogVersion(db, log, database.kind === 'postgres' ? 1000 : null);
  catalogVersion.start();
  const trader = createTraderDetailsService(config, db, catalogVersion);
  const terms = createTermsService(db);
  await terms.ensureFirst();
  const mail = createMailService(config, db, log, undefined, counters, (exec) => trader.shop(exec));
  const backups = createBackupService(config.backup, db, database.kind, log);
  watchBackupAge(metrics, backups);
  const auth = createAuth(config, db, log, {
    sendPasswordReset: (to, link) => mail.enqueue(passwordResetEmail(config.shop.name, to, link)),
    publishedSecondFactorEmail:
      config.seedDemoUsers && demoSecondFactorAllowed(config) ? DEMO_ADMIN.email : null,
    // Staff own the roles (and import auth): the session and the second factor's guard read them so.
    staffRoleOf,
  });
  const session = createSessionService(auth, db, log, staffRoleOf);
  const accounts = createAccountService(auth, db, log);
  const rateLimiter = createRateLimiter(db, config.rateLimits);
  const paymentProvider = await createPaymentProvider(config, log);
  const settings = createSettingsService(config, db, catalogVersion);
  const bakeDays = createBakeDaysService(db);
  const zones = createZonesService(db, bakeDays, catalogVersion);
  const orders = createOrdersService(
    db,
    mail,
    paymentProvider,
    log,
    async (exec) => {
      const { collectionAddress: address, collectionHours: hours } = await settings.get(exec);
      return { address, hours };
    },
    // An order's day is judged by its zone's days (a posted zone dispatches on its own weekdays).
    async (tx, date, fulfilment, paidAt, zoneId) =>
      dayAtPayment(
        tx,
        date,
        fulfilment,
        paidAt,
        zoneId ? ((await zones.list(tx)).find((z) => z.id === zoneId) ?? null) : null,
      ),
    counters,
  );
  const paymentHooks: PaymentHooks = {};
  const payments = createPaymentsService(db, orders, paymentProvider, log, paymentHooks);
  const discounts = createDiscountsService(db);
  const checkout = createCheckoutService({
    config,
    db,
    orders,
    provider: paymentProvider,
    rateLimiter,
    bakeDays,
    discounts,
    pricingSettings: (exec) => settings.get(exec),
    zones: (exec) => zones.list(exec),
    log,
    counters,
  });
  const subscriptions = createSubscriptionsService({
    config,
    db,
    orders,
    provider: paymentProvider,
    mail,
    bakeDaysAt: (clock) => createBakeDaysService(db, clock),
    pricingSettings: (exec) => settings.get(exec),
    zones: (exec) => zones.list(exec),
    recordCharge: (event) => payments.act(event),
    rateLimiter,
    log,
  });
  paymentHooks.cardSaved = (setupSessionId, card) => subscriptions.cardSaved(setupSessionId, card);
  const giftCards = createGiftCardsService(db, rateLimiter, mail, cardOrders);
  const marketing = createMarketingService({
    config,
    db,
    mail,
    shop: (exec) => trader.shop(exec),
    secret: authSecretFor(config),
    log,
    async dayState(productId, date) {
      const product = await catalog.getActive(productId).catch(() => null);
      return product ? productDayState(db, bakeDays, product, date) : 'gone';
    },
  });
  // What orders, the Cookie Club and gift cards hold of an account: exported with it, ended with it.
  const accountPrivacy = createAccountPrivacyService(auth, db, accounts, log, {
    orders: (userId) => orders.listForCustomer(userId),
    async endOrders(tx, userId) {
      const unpaid = await cancelPendingOrders(tx, userId);
      await forgetCustomerInOrders(tx, userId);
      return () => orders.closePaymentPages(unpaid);
    },
    subscriptions: (userId) => subscriptions.exportFor(userId),
    giftCardsBought: (userId, orderId) => giftCards.bought(userId, orderId),
    marketing: (userId) => marketing.exportFor(userId),
    forgetMarketing: (tx, userId) => marketing.forget(tx, userId),
    async endSubscriptions(tx, userId) {
      const cards = await subscriptions.endForDeletedAccount(tx, userId);
      return () => subscriptions.detachCards(cards);
    },
  });
  const catalog = createCatalogService(db, catalogVersion);
  const contact = createContactService(config, db, rateLimiter, mail, log);
  const reviews = createReviewsService(db, catalogVersion);
  const madeToOrder = createMadeToOrderService({
    db,
    mail,
    rateLimiter,
    shop: () => config.shop,
    publicUrl: config.publicUrl,
    products: () => catalog.listActive(),
  });
  // Amounts owed on existing orders, asked for on the hosted page: deposits, balances, invoices.
  const partPayments = createPartPayments(db, paymentProvider, config.publicUrl);
  // What follows a quote's acceptance (decision 088): its order, deposit, balance and cancel.
  const madeToOrderJobs = createMadeToOrderJobs({
    db,
    mail,
    orders,
    bakeDays,
    partPayments,
    providerName: paymentProvider.name as 'test' | 'stripe',
    shop: () => config.shop,
    publicUrl: config.publicUrl,
  });
  const trade = createTradeAccountsService(db);
  // Ordering on account and VAT invoices (decision 085): orders through the orders module, days
  // through the bake days' one check, the shop's details from Who we are.
  const tradeOrders = createTradeOrdersService({
    db,
    trade,
    orders,
    bakeDays,
    zones: (exec) => zones.list(exec),
    async seller(exec) {
      const shop = await trader.shop(exec);
      return {
        name: shop.trader.legalName || shop.name,
        address: shop.address ?? '',
        vatNumber: shop.vatNumber ?? '',
      };
    },
    enqueue: (email, tx) => mail.enqueue(email, tx),
    providerName: paymentProvider.name,
    askCardPayment: (input) => partPayments.ask(input),
    publicUrl: config.publicUrl,
  });
  // Credit notes for shorts and returns (decision 091): taken off, or paid back on, their order.
  const creditNotes = createCreditNotesService({
    db,
    orders,
    emailOfOrder: (tx, orderId) => tradeOrders.emailOfOrder(tx, orderId),
    enqueue: (email, tx) => mail.enqueue(email, tx),
    shopName: async (exec) => {
      const shop = await trader.shop(exec);
      return shop.trader.legalName || shop.name;
    },
    publicUrl: config.publicUrl,
    today: () => londonDate(new Date()),
  });
  // A delivered order's invoice paid by card is settled in the payment's own transaction.
  orders.whenPaidInFull((tx, orderId) => tradeOrders.settleByCard(tx, orderId));

  // Standing orders (decision 089): made into orders on account by the trade orders' one placing.
  const standingOrders = createStandingOrdersService({
    db,
    trade,
    tradeOrders,
    orders,
    bakeDays,
    enqueue: (email, tx) => mail.enqueue(email, tx),
    shop: () => ({ name: config.shop.name, email: config.mail.orderAlertTo }),
    publicUrl: config.publicUrl,
    sweepMs: config.standingOrdersSweepMs,
  });

  if (config.seedDemoUsers && (await seedDemoUsers(db, accounts))) {
    log.info('seeded the demo accounts');
    // The demo customer ticked the marketing box at sign-up: their account shows a consent record.
    await marketing.seedDemoConsent(DEMO_CUSTOMER.email);
    await seedDemoHistory({ db, accounts, reviews });
    // Half-hour collection slots, 4 orders each (decision 084), ready for when collection is on.
    await settings.seedDemoSlots();
    log.info("seeded the demo shop's earlier orders and reviews");
  }
  await settleDemoSecondFactor(db, auth, config.seedDemoUsers && demoSecondFactorAllowed(config));
  if (config.seedDemoUsers && (await seedDemoTrade(db, (details) => accounts.signUp(details)))) {
    log.info('seeded the demo trade café');
    // Only by the instance that made the café (its insert is the one winner of two starting at
    // once), so the orders are not placed twice.
    await seedDemoTradeOrders(db, tradeOrders, creditNotes, DEMO_CAFE.email).then(
      (seeded) => seeded && log.info("seeded the demo café's orders on account and its invoice"),
      // A demo without its trade orders still starts (no delivery day open, say).
      (err) => log.warn({ err }, "could not seed the demo café's orders on account"),
    );
    // Its standing order; the sweep at start makes its coming days.
    await seedDemoStandingOrder(db, standingOrders, DEMO_CAFE.email).then(
      (seeded) => seeded && log.info("seeded the demo café's standing order"),
      (err) => log.warn({ err }, "could not seed the demo café's standing order"),
    );
  }
  // The accepted demo job's deposit is paid on the test page (a shop on Stripe seeds it unaccepted).
  const demoJob = paymentProvider.ownPage
    ? {
        jobs: madeToOrderJobs,
        customerEmail: DEMO_CUSTOMER.email,
        payDeposit: (sessionId: string) =>
          payments.payTestSession(sessionId, {
            cardNumber: '4242424242424242',
            expiry: '12 / 40',
            cvc: '123',
            name: DEMO_CUSTOMER.fullName,
          }),
      }
    : null;
  if (config.seedDemoUsers && (await seedDemoMadeToOrder(db, madeToOrder, demoJob)))
    log.info('seeded the demo made-to-order enquiries');

  return {
    config,
    log,
    /** This instance's Prometheus metrics: features register their counters and gauges here. */
    metrics,
    /** Orders placed, paid and refunded, e-mails queued and failed (metrics/shop-counters.ts). */
    counters,
    db,
    dbKind: database.kind,
    /** Calls `listener` if the database is gone for good (PostgreSQL connections are re-made instead). */
    onDatabaseLost: (listener: (reason: string) => void) => database.onLost?.(listener),
    auth,
    session,
    accounts,
    accountPrivacy,
    /** The back office's people and roles. */
    staff: createStaffService(db),
    /** Invitations to the back office: the owner's, and the link that joins. */
    staffInvites: createStaffInvites(config, db, auth, mail),
    /** The back office's activity log: its reads, and naming who acts on a page. */
    activity: { ...createActivityReads(db), actingAs },
    rateLimiter,
    mail,
    orders,
    payments,
    checkout,
    /** The Cookie Club (subscriptions/, docs/decisions/045). */
    subscriptions,
    discounts,
    /** Delivery zones (decision 041): kept in memory per catalogue version (decision 056). */
    zones,
    giftCards,
    /** Marketing consent, the basket reminder, back-in-stock and unsubscribe links (decision 081). */
    marketing,
    catalogVersion,
    catalog,
    /** Limited and seasonal products (decision 043): the owner's forward view of units sold per date. */
    limitedAhead: () => forwardView(db),
    /** A product with a per-day limit: its next days that are low or sold out, for its page. */
    daysLeft: (product: ProductOnPage) => productDaysLeft(db, bakeDays, product),
    /** Whether a product can be ordered for any coming day: "in stock" to search engines and feeds. */
    orderable: (product: ProductOnPage) => orderableSoon(db, bakeDays, product),
    contact,
    /** Reviews from buyers only: written by customers, moderated by the owner. */
    reviews,
    /** Made-to-order jobs (decision 086): enquiries, quotes and their answers. */
    madeToOrder,
    /** Accepted made-to-order jobs: their orders, deposits, balances and cancelling (decision 088). */
    madeToOrderJobs,
    /** Trade customers (decision 082): accounts, price lists. */
    trade,
    /** The books: Xero's and QuickBooks' files of a period's sales (decision 087). */
    books: createBooksService({ db, orders }),
    /** Ordering on account, invoices and what is owed (decision 085). */
    tradeOrders,
    /** Credit notes against trade invoices (decision 091). */
    creditNotes,
    /** Trade customers' standing orders and their sweep (decision 089). */
    standingOrders,
    bakeDays,
    settings,
    /** Who we are and the terms of sale (decision 080). */
    trader,
    terms,
    daySheets: createDaySheetsService(db, orders, (exec) => zones.list(exec)),
    /** Ingredients, recipes and the production sheet. */
    recipes: createRecipesService(db, catalogVersion),
    production: createProductionService(db),
    labels: createLabelsService(db),
    // A product with a recipe takes its ingredients list and allergen check from it.
    admin: createAdminServices(db, catalogVersion, orders, () => zones.list(), recipeFood),
    backups,
    async close() {
      catalogVersion.stop();
      await mail.stop();
      await database.close();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
