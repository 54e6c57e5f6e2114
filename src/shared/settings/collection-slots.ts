/**
 * Collection time slots (decision 084): the owner cuts a collection day's opening hours
 * into slots of 15, 30 or 60 minutes, each taking up to `cap` orders. Plain functions, no zod:
 * the checkout page reads them too (the storefront's script budget).
 */

export const SLOT_LENGTHS = [15, 30, 60] as const;
export const MAX_SLOT_CAP = 100;

export interface SlotRules {
  minutes: number;
  /** 'HH:MM' London time: the first slot starts here and the last one ends by `closes`. */
  opens: string;
  closes: string;
  cap: number;
}

/** One slot: 'HH:MM' to 'HH:MM', London time. */
export interface Slot {
  from: string;
  to: string;
}

/** A slot offered at checkout, with the orders it can still take. */
export interface SlotChoice extends Slot {
  left: number;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an 'HH:MM' time, or null when it is not one. */
export function minutesOf(time: string): number | null {
  const m = HHMM.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The settings' slot rules, or null when the owner gives collection days no slots. */
export function slotRulesOf(s: {
  collectionSlotMinutes?: number | null;
  collectionSlotOpens?: string | null;
  collectionSlotCloses?: string | null;
  collectionSlotCap?: number | null;
}): SlotRules | null {
  if (!s.collectionSlotMinutes || !s.collectionSlotOpens || !s.collectionSlotCloses || !s.collectionSlotCap)
    return null;
  return {
    minutes: s.collectionSlotMinutes,
    opens: s.collectionSlotOpens,
    closes: s.collectionSlotCloses,
    cap: s.collectionSlotCap,
  };
}

/** Every slot of a collection day, in time order; a last part shorter than a slot is not one. */
export function slotsOf(rules: SlotRules): Slot[] {
  const opens = minutesOf(rules.opens);
  const closes = minutesOf(rules.closes);
  if (opens === null || closes === null || rules.minutes <= 0) return [];
  const slots: Slot[] = [];
  for (let start = opens; start + rules.minutes <= closes; start += rules.minutes)
    slots.push({ from: hhmm(start), to: hhmm(start + rules.minutes) });
  return slots;
}

/** "10:00-10:30", as every page, e-mail and list shows a slot. */
export const slotText = (slot: Slot) => `${slot.from}-${slot.to}`;

/** The slot an order keeps, from its columns (both or neither). */
export const slotOf = (o: {
  collectionSlotFrom: string | null;
  collectionSlotTo: string | null;
}): Slot | null =>
  o.collectionSlotFrom && o.collectionSlotTo ? { from: o.collectionSlotFrom, to: o.collectionSlotTo } : null;

export const SLOT_MESSAGES = {
  minutes: 'Collection slots must be 15, 30 or 60 minutes long',
  opens: 'Give the time the first collection slot starts, like 10:00',
  closes: 'Give the time the last collection slot ends, like 16:00',
  order: 'The first collection slot must start before the last one ends',
  short: 'The collection hours must be at least one slot long',
  cap: `Each collection slot must take from 1 to ${MAX_SLOT_CAP} orders`,
  unknown: 'That collection time is not one we offer on that day. Please choose another time.',
  full: (slot: Slot) =>
    `Sorry, the ${slotText(slot)} collection time is now full. Please choose another time.`,
  dayFull: 'Sorry, every collection time on that day is taken. Please choose another day.',
} as const;

/** A day's words with the order's slot after them: "Saturday 5 December, 10:00-10:30". */
export const withSlot = (day: string, slot: Slot | null | undefined) =>
  slot ? `${day}, ${slotText(slot)}` : day;
