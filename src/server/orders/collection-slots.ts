import { sql } from 'drizzle-orm';
import {
  SLOT_MESSAGES,
  type Slot,
  type SlotChoice,
  type SlotRules,
  slotsOf,
} from '~/shared/settings/collection-slots';
import type { IsoDate } from '~/shared/time/london-time';
import type { Db, Tx } from '../db/client';
import { orders } from '../db/schema';
import { badRequest } from '../errors';

/**
 * Collection time slots (decision 084): the orders each slot holds, counted from the orders that
 * are not cancelled (a pending order holds its slot until it is paid or cancelled, as it holds its
 * day's cookies; an expired checkout is cancelled and frees it).
 */
async function takenByDate(
  exec: Db | Tx,
  dates: readonly IsoDate[],
): Promise<Map<IsoDate, Map<string, number>>> {
  const byDate = new Map<IsoDate, Map<string, number>>();
  if (dates.length === 0) return byDate;
  const rows = await exec
    .select({
      date: sql<IsoDate>`${orders.deliveryDate}::text`,
      from: sql<string>`${orders.collectionSlotFrom}`,
      n: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(orders)
    .where(
      sql`${orders.deliveryDate} in (${sql.join(
        dates.map((d) => sql`${d}::date`),
        sql`, `,
      )}) and ${orders.fulfilment} = 'collection' and ${orders.status} <> 'cancelled' and ${orders.collectionSlotFrom} is not null`,
    )
    .groupBy(orders.deliveryDate, orders.collectionSlotFrom);
  for (const r of rows) {
    const day = byDate.get(r.date) ?? new Map<string, number>();
    day.set(r.from, r.n);
    byDate.set(r.date, day);
  }
  return byDate;
}

/**
 * The slots of each date that still have room, in time order (a full slot is left out, and only
 * it); a date whose every slot is full has an empty list. One statement for all the dates.
 */
export async function freeSlotsByDate(
  exec: Db | Tx,
  rules: SlotRules,
  dates: readonly IsoDate[],
): Promise<Record<IsoDate, SlotChoice[]>> {
  const taken = await takenByDate(exec, dates);
  const slots = slotsOf(rules);
  return Object.fromEntries(
    dates.map((date) => {
      const day = taken.get(date);
      return [
        date,
        slots.map((s) => ({ ...s, left: rules.cap - (day?.get(s.from) ?? 0) })).filter((s) => s.left > 0),
      ];
    }),
  );
}

/**
 * Holds a collection slot for an order being written on `date`. Call it in the checkout's
 * transaction after the bake days' `reserveDay`: that holds the date's lock until the order
 * commits, so every checkout for the date counts the slot's orders one after another and the cap
 * holds however many race. `wanted` is the slot's start as the browser sent it ('HH:MM'); none =
 * the first slot with room. Refusals are 400s with the reason the customer reads; without slot
 * rules the order has no slot.
 */
export async function reserveSlot(
  tx: Tx,
  date: IsoDate,
  wanted: unknown,
  rules: SlotRules | null,
): Promise<Slot | null> {
  if (!rules) return null;
  const slots = slotsOf(rules);
  const asked = wanted === undefined || wanted === null || wanted === '' ? null : wanted;
  const slot = asked === null ? null : slots.find((s) => s.from === asked);
  if (asked !== null && !slot)
    throw badRequest(SLOT_MESSAGES.unknown, { collection_slot: SLOT_MESSAGES.unknown });
  const taken = (await takenByDate(tx, [date])).get(date);
  const used = (s: Slot) => taken?.get(s.from) ?? 0;
  if (slot) {
    if (used(slot) >= rules.cap) {
      const message = SLOT_MESSAGES.full(slot);
      throw badRequest(message, { collection_slot: message });
    }
    return slot;
  }
  const first = slots.find((s) => used(s) < rules.cap);
  if (!first) throw badRequest(SLOT_MESSAGES.dayFull, { collection_slot: SLOT_MESSAGES.dayFull });
  return first;
}

/** Whether `date` still has a slot with room (under the date's lock, in a checkout). */
export async function hasFreeSlot(tx: Tx, date: IsoDate, rules: SlotRules): Promise<boolean> {
  return ((await freeSlotsByDate(tx, rules, [date]))[date]?.length ?? 0) > 0;
}
