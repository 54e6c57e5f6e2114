import { z } from 'zod';

/**
 * A whole number as a JSON number, or as a form field types it (digits only, spaces around
 * allowed). Nothing else is coerced: `true`, `[12]`, `"0x10"`, `"1e3"`, `"12.0"` are refused
 * (`z.coerce` took them as 1, 12, 16 and 1000).
 */
export const wholeNumberField = (
  messages: { type: string; int?: string; min?: string; max?: string },
  min: number,
  max: number,
) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: messages.type })
      .int(messages.int ?? messages.type)
      .min(min, messages.min ?? messages.type)
      .max(max, messages.max ?? messages.type),
  );
