import { z } from 'zod';

// Not imported from boxes/box.ts: the admin form would then share that module with the
// storefront, which splits it into a chunk of its own and costs the checkout's budget bytes.
export const MIN_BOX_SIZE = 2;
export const MAX_BOX_SIZE = 48;
const filledCount = (filling: readonly { quantity: number }[]) => filling.reduce((n, e) => n + e.quantity, 0);

/**
 * A box product's rules as the owner sets them (decision 042): its size, the cookies it may hold
 * (null: every active cookie) or a fixed assortment (null: the customer chooses). Whether each
 * cookie is a loose, active cookie is the server's check against the catalogue.
 */
const SIZE = `A box holds a whole number of cookies from ${MIN_BOX_SIZE} to ${MAX_BOX_SIZE}`;
const size = z.number({ error: SIZE }).int(SIZE).min(MIN_BOX_SIZE, SIZE).max(MAX_BOX_SIZE, SIZE);
const cookieId = z.guid({ error: 'Choose cookies from the list' });
const COUNT = 'Each cookie in the assortment counts a whole number from 0 to the box size';
const fixedEntry = z.object({
  product_id: cookieId,
  quantity: z.number({ error: COUNT }).int(COUNT).min(0, COUNT).max(MAX_BOX_SIZE, COUNT),
});

export const fixedSumMessage = (sum: number, boxSize: number) =>
  `The fixed assortment holds ${sum} cookie${sum === 1 ? '' : 's'}: the box holds ${boxSize}. Make the counts add up to ${boxSize}.`;
export const NO_ALLOWED_MESSAGE = 'Choose at least one cookie the box may hold, or allow every active cookie';

export const BoxRulesInputSchema = z
  .object({
    size,
    allowed_product_ids: z
      .array(cookieId, { error: 'Choose cookies from the list' })
      .max(500)
      .nullable()
      .default(null)
      .transform((ids) => (ids ? [...new Set(ids.map((id) => id.toLowerCase()))] : null)),
    fixed: z
      .array(fixedEntry, { error: 'The fixed assortment must list cookies and counts' })
      .max(MAX_BOX_SIZE)
      .nullable()
      .default(null)
      .transform((f) => (f ? f.filter((e) => e.quantity > 0) : null)),
  })
  .superRefine((b, ctx) => {
    if (b.fixed && filledCount(b.fixed) !== b.size)
      ctx.addIssue({
        code: 'custom',
        path: ['fixed'],
        message: fixedSumMessage(filledCount(b.fixed), b.size),
      });
    if (!b.fixed && b.allowed_product_ids?.length === 0)
      ctx.addIssue({ code: 'custom', path: ['allowed_product_ids'], message: NO_ALLOWED_MESSAGE });
  });

export type BoxRulesInput = z.input<typeof BoxRulesInputSchema>;
export type BoxRulesData = z.output<typeof BoxRulesInputSchema>;
