import { z } from 'zod';
import { isUuid } from '../ids';
import { PageQuerySchema } from '../schemas/admin';
import { CONTROL_CHARACTERS_MESSAGE as bad, isOneLine, isPlainLines } from '../schemas/plain-text';
import { blankToUndefined, day } from '../time/day-field';
import { DELIVERY_STATUSES, ORDER_STATUSES } from './statuses';

export const DELIVERY_LIMITS = { trackingCode: 100, driverNotes: 1000 } as const;

const orderStatus = z.enum(ORDER_STATUSES, {
  error: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
});
const deliveryStatus = z.enum(DELIVERY_STATUSES, {
  error: `Status must be one of: ${DELIVERY_STATUSES.join(', ')}`,
});

/** The zone filter's value for orders collected from the bakery (beside each zone's id). */
export const COLLECTION_ZONE = 'collection';

/**
 * `?zone=`: a delivery zone's id (the zone the order was placed in: renaming a zone keeps its
 * orders, deleting one leaves them in no zone) or COLLECTION_ZONE; empty means every order.
 */
const ZONE_MESSAGE = 'Zone must be a delivery zone or Collection';
const zoneField = z.preprocess(
  // Absent from the address bar (null) or left blank: every order.
  blankToUndefined,
  z
    .string({ error: ZONE_MESSAGE })
    .refine((v) => v === COLLECTION_ZONE || isUuid(v), ZONE_MESSAGE)
    .optional(),
);

/** `?zone=` of the dashboard. */
export const DashboardQuerySchema = z.object({ zone: zoneField });

/** A choice of the zone filter: a zone's id or COLLECTION_ZONE, and what the owner reads. */
export interface ZoneChoice {
  value: string;
  label: string;
}

/** The filters of the orders list, its CSV export and the dashboard (all in the URL). */
export const OrderFilterSchema = z
  .object({
    /** An order number (its first characters), a customer's name or e-mail, or a postcode. */
    q: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : blankToUndefined(v)),
      z
        .string({ error: 'Search must be text' })
        .max(100, 'Search must be less than 100 characters')
        .optional(),
    ),
    /** An empty status or "all" means every status. */
    status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), orderStatus.optional()),
    from: day('From'),
    to: day('To'),
    /** The delivery (or collection) day chosen at checkout. */
    day: day('Delivery day'),
    zone: zoneField,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'From must be on or before To' });
export type OrderFilter = z.output<typeof OrderFilterSchema>;

/** `?q=&status=&from=&to=&day=&zone=&page=` of the orders list. */
export const OrderListQuerySchema = z.intersection(OrderFilterSchema, PageQuerySchema);
export type OrderListQuery = z.input<typeof OrderListQuerySchema>;

export const OrderStatusUpdateSchema = z.object({ status: orderStatus });
export type OrderStatusUpdate = z.input<typeof OrderStatusUpdateSchema>;

/** Tracking code and notes: trimmed; empty clears them. */
const optionalText = (label: string, max: number, multiline: boolean) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .refine(multiline ? isPlainLines : isOneLine, bad(label))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const DeliveryUpdateSchema = z
  .object({
    status: deliveryStatus.optional(),
    tracking_code: optionalText('Tracking code', DELIVERY_LIMITS.trackingCode, false),
    driver_notes: optionalText('Driver notes', DELIVERY_LIMITS.driverNotes, true),
  })
  .refine((d) => Object.values(d).some((v) => v !== undefined), { message: 'Nothing to update' });
export type DeliveryUpdate = z.input<typeof DeliveryUpdateSchema>;

/** The run sheet's answer for one stop: Delivered, or Failed with the driver's note. */
export const DeliveryOutcomeSchema = z
  .object({
    /** `ready`: a collection is ready to collect (the customer is told where and when). */
    outcome: z.enum(['delivered', 'failed', 'ready'], { error: 'Choose Ready, Delivered or Failed' }),
    note: z
      .string()
      .trim()
      .max(1000, 'Keep the note under 1000 characters')
      .refine(isPlainLines, bad('Note'))
      .default(''),
  })
  .refine((o) => o.outcome !== 'failed' || o.note.length > 0, {
    message: 'Say why the delivery failed',
    path: ['note'],
  });
export type DeliveryUpdateData = z.output<typeof DeliveryUpdateSchema>;
