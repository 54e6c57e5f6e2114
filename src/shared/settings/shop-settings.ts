import { z } from 'zod';
import { poundsField } from '../money/pounds';
import { CONTROL_CHARACTERS_MESSAGE, isOneLine } from '../schemas/plain-text';
import { MAX_SLOT_CAP, minutesOf, SLOT_LENGTHS, SLOT_MESSAGES } from './collection-slots';

/** What the owner sets on the Settings page; every checkout reads it afresh. */
export interface ShopSettings {
  deliveryFeePennies: number;
  /** Orders whose cookies (after any discount) come to this much or more go free; null = off. */
  freeDeliveryOverPennies: number | null;
  collectionEnabled: boolean;
  /** Where customers collect (by default SHOP_ADDRESS). */
  collectionAddress: string;
  /** When customers may collect, in the owner's words ("Tue-Sat 9am-5pm"). */
  collectionHours: string;
  /** Collection time slots (decision 084): 15, 30 or 60 minutes; null = no slots. */
  collectionSlotMinutes: number | null;
  /** 'HH:MM' London time: the first slot's start and the last one's end; null without slots. */
  collectionSlotOpens: string | null;
  collectionSlotCloses: string | null;
  /** Orders one slot takes; null without slots. */
  collectionSlotCap: number | null;
}

export const MAX_DELIVERY_FEE_PENNIES = 100_00;
export const MAX_FREE_DELIVERY_OVER_PENNIES = 10_000_00;
export const COLLECTION_TEXT_MAX = 200;

/** One line the owner types for customers to read (collection address, hours). */
const ownerText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(COLLECTION_TEXT_MAX, `Keep the ${label.toLowerCase()} under ${COLLECTION_TEXT_MAX} characters`)
    .refine(isOneLine, CONTROL_CHARACTERS_MESSAGE(label))
    .default('');

const flag = z.union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')], {
  error: 'Choose on or off',
});
const isOn = (v: z.infer<typeof flag>) => v === true || v === 'on' || v === 'true';

/**
 * The Settings form as the owner sends it: amounts in pounds, switches as booleans (or a form's
 * "on"). Free delivery needs its amount, and collection its address and hours, only when on.
 */
export const ShopSettingsSchema = z
  .object({
    deliveryFee: poundsField('Delivery fee', { max: MAX_DELIVERY_FEE_PENNIES }),
    freeDelivery: flag.default(false),
    freeDeliveryOver: z
      .string({ error: 'Free delivery amount must be an amount in pounds, like 20.00' })
      .optional(),
    collection: flag.default(false),
    collectionAddress: ownerText('Collection address'),
    collectionHours: ownerText('Collection hours'),
    /** '' (or absent) = no slots; '15', '30' or '60' minutes. */
    collectionSlotMinutes: z.union([z.string(), z.number()]).optional(),
    collectionSlotOpens: z.string().trim().optional(),
    collectionSlotCloses: z.string().trim().optional(),
    collectionSlotCap: z.union([z.string(), z.number()]).optional(),
  })
  .transform((input, ctx): ShopSettings => {
    let freeDeliveryOverPennies: number | null = null;
    if (isOn(input.freeDelivery)) {
      const parsed = poundsField('Free delivery amount', {
        min: 1,
        max: MAX_FREE_DELIVERY_OVER_PENNIES,
      }).safeParse(input.freeDeliveryOver ?? '');
      if (parsed.success) freeDeliveryOverPennies = parsed.data;
      else
        ctx.addIssue({
          code: 'custom',
          path: ['freeDeliveryOver'],
          message: parsed.error.issues[0]!.message,
        });
    }
    const collectionEnabled = isOn(input.collection);
    if (collectionEnabled && !input.collectionAddress)
      ctx.addIssue({
        code: 'custom',
        path: ['collectionAddress'],
        message: 'Give the address customers collect from',
      });
    if (collectionEnabled && !input.collectionHours)
      ctx.addIssue({
        code: 'custom',
        path: ['collectionHours'],
        message: 'Say when customers can collect (e.g. Tue-Sat 9am-5pm)',
      });
    const slots = slotSettings(input, ctx);
    return {
      ...slots,
      deliveryFeePennies: input.deliveryFee,
      freeDeliveryOverPennies,
      collectionEnabled,
      collectionAddress: input.collectionAddress,
      collectionHours: input.collectionHours,
    };
  });
export type ShopSettingsInput = z.input<typeof ShopSettingsSchema>;

type SlotFields = Pick<
  ShopSettings,
  'collectionSlotMinutes' | 'collectionSlotOpens' | 'collectionSlotCloses' | 'collectionSlotCap'
>;
const NO_SLOTS: SlotFields = {
  collectionSlotMinutes: null,
  collectionSlotOpens: null,
  collectionSlotCloses: null,
  collectionSlotCap: null,
};

/**
 * The collection slots as the form sends them: no length = no slots (the other fields are then
 * ignored); a length needs both times, the first before the last, at least one slot between them,
 * and a cap of 1 to 100 orders per slot. Each refusal names its field.
 */
function slotSettings(
  input: {
    collectionSlotMinutes?: string | number;
    collectionSlotOpens?: string;
    collectionSlotCloses?: string;
    collectionSlotCap?: string | number;
  },
  ctx: z.RefinementCtx,
): SlotFields {
  const raw = String(input.collectionSlotMinutes ?? '').trim();
  if (raw === '' || raw === 'none') return NO_SLOTS;
  let ok = true;
  const fail = (path: string, message: string) => {
    ctx.addIssue({ code: 'custom', path: [path], message });
    ok = false;
  };
  const minutes = Number(raw);
  if (!(SLOT_LENGTHS as readonly number[]).includes(minutes))
    fail('collectionSlotMinutes', SLOT_MESSAGES.minutes);
  const opens = input.collectionSlotOpens ?? '';
  const closes = input.collectionSlotCloses ?? '';
  const from = minutesOf(opens);
  const to = minutesOf(closes);
  if (from === null) fail('collectionSlotOpens', SLOT_MESSAGES.opens);
  if (to === null) fail('collectionSlotCloses', SLOT_MESSAGES.closes);
  if (from !== null && to !== null) {
    if (from >= to) fail('collectionSlotCloses', SLOT_MESSAGES.order);
    else if (ok && to - from < minutes) fail('collectionSlotCloses', SLOT_MESSAGES.short);
  }
  const capRaw = String(input.collectionSlotCap ?? '').trim();
  const cap = /^\d+$/.test(capRaw) ? Number(capRaw) : Number.NaN;
  if (!(Number.isInteger(cap) && cap >= 1 && cap <= MAX_SLOT_CAP))
    fail('collectionSlotCap', SLOT_MESSAGES.cap);
  if (!ok) return NO_SLOTS;
  return {
    collectionSlotMinutes: minutes,
    collectionSlotOpens: opens,
    collectionSlotCloses: closes,
    collectionSlotCap: cap,
  };
}
