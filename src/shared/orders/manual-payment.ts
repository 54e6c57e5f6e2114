/** How the owner took a payment by hand ("Mark as paid", docs/decisions/032). */
export const MANUAL_PAYMENT_METHODS = ['cash', 'bank_transfer', 'card_in_person'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export const MANUAL_PAYMENT_LABELS: Record<ManualPaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  card_in_person: 'Card in person',
};
