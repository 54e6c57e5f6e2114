import { data, Form, Link, useNavigation } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { refusalOf } from '~/app/server/service-errors.server';
import type { BalanceAnswer } from '~/server/gift-cards/gift-cards-service';
import { maskedGiftCard } from '~/shared/gift-cards/gift-card-code';
import { formatPence } from '~/shared/money/money';
import { formatLongDate } from '~/shared/time/london-time';
import type { Route } from './+types/gift-cards';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Gift card balance',
    description: 'Check what is left on a Shropshire Cookie Co. gift card and when it expires.',
    path: '/gift-cards',
  });

type Result = { answer: BalanceAnswer } | { error: string };

/** The code is posted, never put in the address (it would sit in logs and history). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const answer = await context.services.giftCards.balance(form.get('code'), context.clientIp);
    return { answer } satisfies Result;
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    return data({ error: refused.message } satisfies Result, { status: refused.status });
  }
}

export default function GiftCards({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as Result | undefined;
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">Gift card balance</h1>
      <p className="mt-2 text-cocoa-light">
        Type the code from your gift card e-mail to see what is left on it. Spend it at checkout, under “Gift
        card”.{' '}
        <Link to="/gift-cards/buy" className="text-caramel-dark underline">
          Buy a gift card
        </Link>
      </p>
      <Card className="mt-6 p-6">
        <Form method="post" className="space-y-3">
          <Label htmlFor="gift-card-code">Gift card code</Label>
          <Input
            id="gift-card-code"
            name="code"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
            className="uppercase placeholder:normal-case"
          />
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Checking...' : 'Check balance'}
          </Button>
        </Form>
        <div aria-live="polite" className="mt-4">
          {result && 'error' in result && <p className="font-medium text-red-700">{result.error}</p>}
          {result && 'answer' in result && !result.answer.found && (
            <p className="font-medium text-red-700">{result.answer.message}</p>
          )}
          {result && 'answer' in result && result.answer.found && (
            <div>
              <p className="text-lg">
                Gift card {maskedGiftCard(result.answer.last4)}:{' '}
                <strong>{formatPence(result.answer.balance_pennies)}</strong> left
              </p>
              <p className="text-sm text-cocoa-light">
                {result.answer.status === 'expired'
                  ? `Expired on ${formatLongDate(result.answer.expires_at)}`
                  : `Expires on ${formatLongDate(result.answer.expires_at)}`}
              </p>
            </div>
          )}
        </div>
      </Card>
    </main>
  );
}
