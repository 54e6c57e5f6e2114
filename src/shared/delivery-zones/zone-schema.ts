import { z } from 'zod';
import { parsePounds } from '../money/pounds';
import { CONTROL_CHARACTERS_MESSAGE as bad, isOneLine } from '../schemas/plain-text';
import type { ZoneDraft } from './demo-zones';
import { parseRule, RULE_HELP } from './postcode-rules';
import { ZONE_METHODS } from './zones';

/**
 * The Settings -> Delivery zone form as the owner sends it (amounts in pounds, postcodes as one
 * text, weekdays as a list): checked the same way from the form and the JSON API, each message
 * naming the field.
 */
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

const MAX_PENCE = 1_000_00;

function pounds(label: string, value: string, ctx: z.RefinementCtx, path: string, required: boolean) {
  if (value === '') {
    if (required) ctx.addIssue({ code: 'custom', path: [path], message: `Give the ${label}, like 2.50` });
    return null;
  }
  const pence = parsePounds(value);
  if (pence === null || pence > MAX_PENCE) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: `The ${label} must be an amount in pounds from 0.00 to ${MAX_PENCE / 100}.00`,
    });
    return null;
  }
  return pence;
}

function whole(label: string, value: string, ctx: z.RefinementCtx, path: string, min: number, max: number) {
  if (value === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: `The ${label} must be a whole number from ${min} to ${max}`,
    });
    return null;
  }
  return n;
}

export const ZoneFormSchema = z
  .object({
    name: optionalText,
    postcodes: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) =>
        (Array.isArray(v) ? v : (v ?? '').split(/[,;\n]+/)).map((s) => s.trim()).filter(Boolean),
      ),
    method: optionalText,
    fee: optionalText,
    freeOver: optionalText,
    minimumOrder: optionalText,
    weekdays: z
      .union([z.string(), z.array(z.union([z.string(), z.number()]))])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((d) => Number(d))),
    cutoffTime: optionalText,
    cutoffDaysBefore: optionalText,
    dailyCap: optionalText,
    serviceCode: optionalText,
    transitDays: optionalText,
    position: optionalText,
  })
  .transform((input, ctx): ZoneDraft => {
    if (!input.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Give the zone a name' });
    if (input.name.length > 80)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Keep the name under 80 characters' });
    // PostgreSQL cannot store NUL (a 500 where a 400 belongs) and a zone's texts are one line each.
    for (const [path, label] of [
      ['name', 'The name'],
      ['serviceCode', 'The service code'],
      ['transitDays', 'The delivery time'],
    ] as const) {
      if (!isOneLine(input[path])) ctx.addIssue({ code: 'custom', path: [path], message: bad(label) });
    }
    const method = (ZONE_METHODS as readonly string[]).includes(input.method)
      ? (input.method as ZoneDraft['method'])
      : null;
    if (!method)
      ctx.addIssue({ code: 'custom', path: ['method'], message: 'Choose our van, post or no delivery' });
    const postcodes: string[] = [];
    for (const raw of input.postcodes) {
      const rule = parseRule(raw);
      if (!rule)
        ctx.addIssue({
          code: 'custom',
          path: ['postcodes'],
          message: `"${raw}" is not a postcode rule. ${RULE_HELP}`,
        });
      else if (!postcodes.includes(rule.text)) postcodes.push(rule.text);
    }
    if (input.postcodes.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['postcodes'],
        message: `List the postcodes this zone covers. ${RULE_HELP}`,
      });
    const delivers = method !== 'none';
    const weekdays = [...new Set(input.weekdays)].sort();
    if (weekdays.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
      ctx.addIssue({
        code: 'custom',
        path: ['weekdays'],
        message: 'Choose weekdays from Sunday to Saturday',
      });
    if (delivers && weekdays.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['weekdays'],
        message: 'Choose at least one day this zone is delivered or dispatched',
      });
    if (input.cutoffTime && !/^([01]\d|2[0-3]):[0-5]\d$/.test(input.cutoffTime))
      ctx.addIssue({ code: 'custom', path: ['cutoffTime'], message: 'The cut-off time must be like 14:00' });
    return {
      name: input.name,
      postcodes,
      method: method ?? 'none',
      feePennies: delivers ? (pounds('delivery fee', input.fee, ctx, 'fee', true) ?? 0) : 0,
      freeOverPennies: delivers
        ? pounds('free delivery amount', input.freeOver, ctx, 'freeOver', false)
        : null,
      minimumOrderPennies: delivers
        ? pounds('minimum order', input.minimumOrder, ctx, 'minimumOrder', false)
        : null,
      weekdays: delivers ? weekdays : [],
      cutoffTime: delivers && input.cutoffTime ? input.cutoffTime : null,
      cutoffDaysBefore: delivers
        ? whole('days before', input.cutoffDaysBefore, ctx, 'cutoffDaysBefore', 0, 14)
        : null,
      dailyOrderCap: delivers ? whole('orders per day', input.dailyCap, ctx, 'dailyCap', 1, 10_000) : null,
      serviceCode: method === 'post' ? input.serviceCode.slice(0, 20) || 'TPS48' : null,
      transitDays: method === 'post' ? input.transitDays.slice(0, 40) || null : null,
      position: whole('position', input.position, ctx, 'position', 0, 1000) ?? 0,
    };
  });
export type ZoneFormInput = z.input<typeof ZoneFormSchema>;
