import { formatPence } from '~/shared/money/money';
import { formatBakeDay, type IsoDate } from '~/shared/time/london-time';
import type { Config } from '../config';
import { html } from '../mail/html';
import { BRAND, emailLayout } from '../mail/layout';
import type { OutgoingEmail } from '../mail/outgoing-email';

/** Where a member runs their Cookie Club (skip, pause, card, cancel). */
export const clubPage = (publicUrl: string) => `${publicUrl}/account/subscriptions`;

interface ClubEmail {
  /** Same key, same e-mail: each notice goes once however many schedulers run. */
  dedupeKey: string;
  kind: string;
  to: string;
  subject: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  link: { label: string; url: string } | null;
}

/** One Cookie Club e-mail in the shop's layout, text and HTML saying the same. */
function clubEmail(shop: Config['shop'], e: ClubEmail): OutgoingEmail {
  const text = [
    e.subject,
    '',
    ...e.paragraphs.flatMap((p) => [p, '']),
    ...(e.link ? [`${e.link.label}: ${e.link.url}`] : []),
  ]
    .join('\n')
    .trim();
  const body = html`${e.paragraphs.map((p) => html`<p style="margin:0 0 16px;">${p}</p>`)}${
    e.link
      ? html`<p style="margin:0 0 16px;"><a href="${e.link.url}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${e.link.label}</a></p>`
      : ''
  }`;
  return {
    dedupeKey: e.dedupeKey,
    kind: e.kind,
    to: e.to,
    replyTo: shop.email,
    subject: e.subject,
    text,
    html: emailLayout({
      shopName: shop.name,
      shopAddress: shop.address,
      preheader: e.paragraphs[0] ?? e.subject,
      heading: e.subject,
      body,
      footer: 'You get this e-mail because you are a member of our Cookie Club.',
    }),
  };
}

export interface ClubEmailContext {
  shop: Config['shop'];
  publicUrl: string;
  to: string;
  subscriptionId: string;
  /** "6 x Shortbread". */
  contents: string;
}

/** Two days before a charge: what is coming, when, for how much, with a link to skip it. */
export const upcomingDeliveryEmail = (
  c: ClubEmailContext,
  delivery: { date: IsoDate; chargeDate: IsoDate; pennies: number; previousPennies: number | null },
) =>
  clubEmail(c.shop, {
    dedupeKey: `club-upcoming:${c.subscriptionId}:${delivery.date}`,
    kind: 'club-upcoming',
    to: c.to,
    subject: `Your next Cookie Club box: ${formatBakeDay(delivery.date)}`,
    paragraphs: [
      `Your next box, ${c.contents}, comes on ${formatBakeDay(delivery.date)}.`,
      `We will charge ${formatPence(delivery.pennies)} (including delivery) to your saved card on ${formatBakeDay(delivery.chargeDate)}.`,
      ...(delivery.previousPennies !== null && delivery.previousPennies !== delivery.pennies
        ? [
            `Our prices have changed: this box costs ${formatPence(delivery.pennies)}, it was ${formatPence(delivery.previousPennies)}.`,
          ]
        : []),
      'Not this time? Skip this box before then and nothing is charged.',
    ],
    link: { label: 'Skip this box', url: clubPage(c.publicUrl) },
  });

/** Prices changed since the member was last told, and the delivery is about to be charged. */
export const priceChangedEmail = (
  c: ClubEmailContext,
  delivery: { date: IsoDate; pennies: number; previousPennies: number },
) =>
  clubEmail(c.shop, {
    dedupeKey: `club-price:${c.subscriptionId}:${delivery.date}:${delivery.pennies}`,
    kind: 'club-price',
    to: c.to,
    subject: 'A new price for your Cookie Club box',
    paragraphs: [
      `From your box of ${formatBakeDay(delivery.date)}, ${c.contents} costs ${formatPence(delivery.pennies)} including delivery (it was ${formatPence(delivery.previousPennies)}).`,
      'You can skip, pause or cancel at any time from your account.',
    ],
    link: { label: 'Your Cookie Club', url: clubPage(c.publicUrl) },
  });

/** The delivery's day was full or closed: it comes on another day. */
export const deliveryMovedEmail = (c: ClubEmailContext, delivery: { date: IsoDate; movedTo: IsoDate }) =>
  clubEmail(c.shop, {
    dedupeKey: `club-moved:${c.subscriptionId}:${delivery.date}`,
    kind: 'club-moved',
    to: c.to,
    subject: `Your Cookie Club box comes on ${formatBakeDay(delivery.movedTo)}`,
    paragraphs: [
      `We cannot bake on ${formatBakeDay(delivery.date)}, so your box, ${c.contents}, comes on ${formatBakeDay(delivery.movedTo)} instead.`,
    ],
    link: { label: 'Your Cookie Club', url: clubPage(c.publicUrl) },
  });

/** No day in reach could take the delivery: it is not made, nothing is charged. */
export const deliveryNotMadeEmail = (c: ClubEmailContext, delivery: { date: IsoDate }) =>
  clubEmail(c.shop, {
    dedupeKey: `club-not-made:${c.subscriptionId}:${delivery.date}`,
    kind: 'club-not-made',
    to: c.to,
    subject: 'We could not bake your Cookie Club box',
    paragraphs: [
      `We have no bake day with room for your box of ${formatBakeDay(delivery.date)}, so it is not coming and nothing is charged. Your next box comes as usual.`,
    ],
    link: { label: 'Your Cookie Club', url: clubPage(c.publicUrl) },
  });

/** A charge was declined: update the card (once per attempt). */
export const updateCardEmail = (
  c: ClubEmailContext,
  delivery: { id: string; date: IsoDate; attempt: number; pennies: number; retryOn: IsoDate | null },
) =>
  clubEmail(c.shop, {
    dedupeKey: `club-declined:${delivery.id}:${delivery.attempt}`,
    kind: 'club-declined',
    to: c.to,
    subject: 'Please update your card for the Cookie Club',
    paragraphs: [
      `Your card was declined for your box of ${formatBakeDay(delivery.date)} (${formatPence(delivery.pennies)}). The box is not baked until it is paid.`,
      delivery.retryOn
        ? `We will try again on ${formatBakeDay(delivery.retryOn)}. Update your card before then.`
        : 'This was our last try: your subscription is paused until you update your card and resume it.',
    ],
    link: { label: 'Update your card', url: clubPage(c.publicUrl) },
  });

/** The owner hears that a member's card failed for good and the subscription paused. */
export const ownerPausedEmail = (
  shop: Config['shop'],
  publicUrl: string,
  to: string,
  sub: { id: string; deliveryId: string; customer: string; email: string; attempts: number },
) =>
  clubEmail(shop, {
    dedupeKey: `club-owner-paused:${sub.id}:${sub.deliveryId}`,
    kind: 'club-owner-paused',
    to,
    subject: `Cookie Club paused: ${sub.customer}'s card was declined`,
    paragraphs: [
      `${sub.customer} (${sub.email}): the card was declined ${sub.attempts} times, so the subscription is paused.`,
    ],
    link: { label: 'Open Subscriptions', url: `${publicUrl}/admin/subscriptions` },
  });
