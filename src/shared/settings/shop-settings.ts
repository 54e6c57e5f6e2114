import { z } from 'zod';
import { poundsField } from '../money/pounds';
import { CONTROL_CHARACTERS_MESSAGE, isOneLine } from '../schemas/plain-text';

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
    return {
      deliveryFeePennies: input.deliveryFee,
      freeDeliveryOverPennies,
      collectionEnabled,
      collectionAddress: input.collectionAddress,
      collectionHours: input.collectionHours,
    };
  });
export type ShopSettingsInput = z.input<typeof ShopSettingsSchema>;
