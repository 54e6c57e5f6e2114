/**
 * When cancelling stops being possible, said at checkout and in the confirmation e-mail:
 * perishable goods carry no cancellation right (Consumer Contracts Regulations 2013, reg 28),
 * so the shop's own promise is what counts.
 */
export const CANCEL_NOTICE =
  'Your cookies are baked to order: you can cancel from your account until baking starts; once baking starts the order can’t be cancelled.';
