// No zod here: checkout's script budget (decision 059) has no room for it.

/** Each version's permanent address. */
export const termsPath = (version: number) => `/terms/${version}`;

/** The cancellation position a customer reads before paying (Consumer Contracts Regulations 2013, reg. 28(1)(b) and (c)). */
export const CANCELLATION_POSITION =
  'Our cookies are perishable and baked to order, so the 14-day right to cancel does not apply to them once your order is placed. Gift cards can be cancelled within 14 days if unused. If anything arrives damaged, late or not as described, tell us within 48 hours and we will put it right.';
