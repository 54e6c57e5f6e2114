import { Gift } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCartStore } from '~/app/cart/cart-store';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { toast } from '~/app/toast/toast';
import {
  GIFT_CARD_AMOUNTS,
  GIFT_CARD_MAX_PENNIES,
  GIFT_CARD_MIN_PENNIES,
  GIFT_CARD_VALID_MONTHS,
} from '~/shared/gift-cards/gift-card-code';
import {
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_PURCHASE_MESSAGES,
  GIFT_CARD_SEND_WITHIN_DAYS,
} from '~/shared/gift-cards/gift-card-purchase';
import { formatPence } from '~/shared/money/money';
import { addDays, londonDate } from '~/shared/time/london-time';
import type { Route } from './+types/gift-card-buy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Buy a gift card',
    description: 'A Shropshire Cookie Co. gift card, sent by e-mail with your message on the day you choose.',
    path: '/gift-cards/buy',
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { product: await context.services.catalog.giftCardProduct(), today: londonDate(new Date()) };
}

type Errors = Partial<Record<'amount' | 'name' | 'email' | 'send_on', string>>;

/**
 * Buying a gift card (decision 047): an amount, who it is for, a message and the day to send it.
 * It goes into the basket as its own line; the server prices and checks it all again at checkout.
 */
export default function BuyGiftCard({ loaderData }: Route.ComponentProps) {
  const { product, today } = loaderData;
  const navigate = useNavigate();
  const addItem = useCartStore((s) => s.addItem);
  const [choice, setChoice] = useState<string>(String(GIFT_CARD_AMOUNTS[1]));
  const [errors, setErrors] = useState<Errors>({});
  const last = addDays(today, GIFT_CARD_SEND_WITHIN_DAYS);

  function add(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!product) return;
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const pounds = text('other_amount');
    const amount = choice === 'other' ? Math.round(Number(pounds) * 100) : Number(choice);
    const found: Errors = {};
    const m = GIFT_CARD_PURCHASE_MESSAGES;
    if (
      !Number.isInteger(amount) ||
      (choice === 'other' &&
        (!/^\d+$/.test(pounds) || amount < GIFT_CARD_MIN_PENNIES || amount > GIFT_CARD_MAX_PENNIES))
    )
      found.amount = m.amount;
    if (!text('recipient_name')) found.name = m.name;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text('recipient_email'))) found.email = m.email;
    const sendOn = text('send_on') || today;
    if (sendOn < today) found.send_on = m.sendOn;
    else if (sendOn > last) found.send_on = m.sendTooLate;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`gift-${first}`)?.focus();
      return;
    }
    const name = text('recipient_name');
    addItem({
      id: product.id,
      name: `${formatPence(amount)} gift card for ${name}`,
      price_pennies: amount,
      photo_url: '',
      gift_card: {
        key: Math.random().toString(36).slice(2),
        amount_pennies: amount,
        recipient_name: name,
        recipient_email: text('recipient_email'),
        message: text('message'),
        send_on: sendOn,
      },
    });
    toast.success('Gift card added to your basket');
    navigate('/cart');
  }

  const error = (key: keyof Errors) =>
    errors[key] && (
      <p id={`gift-${key}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[key]}
      </p>
    );
  const described = (key: keyof Errors) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `gift-${key}-error` : undefined,
  });

  return (
    <main className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="flex items-center gap-2 text-3xl font-bold">
        <Gift aria-hidden className="size-7" /> Buy a gift card
      </h1>
      {!product ? (
        <p className="mt-4">Gift cards are not on sale at the moment.</p>
      ) : (
        <>
          <p className="mt-2 text-cocoa-light">
            Sent by e-mail with your message on the day you choose. It can be spent over several orders within{' '}
            {GIFT_CARD_VALID_MONTHS} months. Already have one?{' '}
            <Link to="/gift-cards" className="text-caramel-dark underline">
              Check its balance
            </Link>
            .
          </p>
          <Card className="mt-6 p-6">
            <form onSubmit={add} noValidate className="space-y-5">
              <fieldset>
                <legend className="mb-2 text-sm font-medium">Amount</legend>
                <div className="flex flex-wrap gap-2">
                  {[...GIFT_CARD_AMOUNTS.map(String), 'other'].map((value) => (
                    <label
                      key={value}
                      className="flex cursor-pointer items-center gap-2 rounded-md border border-crumb px-3 py-2 has-[:checked]:border-caramel-dark has-[:checked]:bg-dough"
                    >
                      <input
                        type="radio"
                        name="amount"
                        value={value}
                        checked={choice === value}
                        onChange={() => setChoice(value)}
                      />
                      {value === 'other' ? 'Another amount' : formatPence(Number(value))}
                    </label>
                  ))}
                </div>
                {choice === 'other' && (
                  <div className="mt-3">
                    <Label htmlFor="gift-amount">
                      Amount in pounds (£{GIFT_CARD_MIN_PENNIES / 100} to £{GIFT_CARD_MAX_PENNIES / 100})
                    </Label>
                    <Input
                      id="gift-amount"
                      name="other_amount"
                      inputMode="numeric"
                      autoComplete="off"
                      className="mt-1 w-32"
                      {...described('amount')}
                    />
                  </div>
                )}
                {error('amount')}
              </fieldset>
              <div>
                <Label htmlFor="gift-name">Recipient’s name</Label>
                <Input
                  id="gift-name"
                  name="recipient_name"
                  maxLength={100}
                  className="mt-1"
                  {...described('name')}
                />
                {error('name')}
              </div>
              <div>
                <Label htmlFor="gift-email">Recipient’s e-mail</Label>
                <Input
                  id="gift-email"
                  name="recipient_email"
                  type="email"
                  maxLength={254}
                  className="mt-1"
                  {...described('email')}
                />
                {error('email')}
              </div>
              <div>
                <Label htmlFor="gift-message">Message (optional)</Label>
                <textarea
                  id="gift-message"
                  name="message"
                  maxLength={GIFT_CARD_MESSAGE_MAX}
                  rows={3}
                  className="mt-1 w-full rounded-md border border-crumb bg-white px-3 py-2"
                />
              </div>
              <div>
                <Label htmlFor="gift-send_on">Send it on</Label>
                <Input
                  id="gift-send_on"
                  name="send_on"
                  type="date"
                  min={today}
                  max={last}
                  defaultValue={today}
                  className="mt-1 w-48"
                  {...described('send_on')}
                />
                {error('send_on')}
              </div>
              <Button type="submit" size="lg">
                Add gift card to basket
              </Button>
            </form>
          </Card>
        </>
      )}
    </main>
  );
}
