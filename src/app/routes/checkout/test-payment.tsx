import { Lock } from 'lucide-react';
import { redirect } from 'react-router';
import { cardOfForm, TestCardForm, TestModeHeader } from '~/app/components/checkout/test-card-fields';
import { orFormRefusal, orNotFoundPage } from '~/app/server/service-errors.server';
import { formatPence } from '~/shared/money/money';
import type { Route } from './+types/test-payment';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `TEST MODE · Pay ${loaderData?.shopName ?? ''}`.trim() },
  { name: 'robots', content: 'noindex' },
];

/** The built-in stand-in for a provider's hosted payment page (no real money moves). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const payment = await orNotFoundPage(
    () => context.services.payments.getTestPayment(params.sessionId),
    'Payment session not found',
  );
  if (payment.paid)
    throw redirect(
      payment.returnPath ?? `/checkout/success?session_id=${encodeURIComponent(payment.sessionId)}`,
    );
  return { payment, shopName: context.services.config.shop.name };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const card = cardOfForm(form);
  // A declined card (402), an expired page (410) or a mistyped field (400): shown on the form.
  return orFormRefusal(async () => {
    const { redirectTo } = await context.services.payments.payTestSession(params.sessionId, card);
    return redirect(redirectTo);
  }, 'Payment session not found');
}

export default function TestPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, shopName } = loaderData;
  const fields: Record<string, string> = actionData?.fields ?? {};
  return (
    <div className="min-h-dvh bg-cream">
      <TestModeHeader />
      <main className="mx-auto grid w-full max-w-4xl gap-8 px-4 py-8 md:grid-cols-2 md:py-12">
        <section aria-labelledby="summary-heading">
          <h1 className="text-base font-normal text-cocoa-light">Pay {shopName}</h1>
          <p className="text-4xl font-bold">{formatPence(payment.totalPennies)}</p>
          <p className="mb-6 text-cocoa-light">{payment.description}</p>
          <h2 id="summary-heading" className="sr-only">
            Order summary
          </h2>
          <ul className="divide-y divide-crumb text-sm">
            {payment.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never change
              <li key={i} className="flex justify-between gap-4 py-2">
                <span>
                  {line.name} <span className="text-cocoa-light">× {line.quantity}</span>
                </span>
                <span className="whitespace-nowrap">
                  {formatPence(line.unitPricePennies * line.quantity)}
                </span>
              </li>
            ))}
            {payment.summary
              .filter((row) => row.label !== 'Subtotal')
              .map((row) => (
                <li
                  key={row.label}
                  className={`flex justify-between gap-4 py-2${row.total ? ' font-bold' : ''}`}
                >
                  <span>{row.total ? 'Total due' : row.label}</span>
                  <span className="whitespace-nowrap">{row.amount}</span>
                </li>
              ))}
          </ul>
        </section>

        <TestCardForm
          heading="Pay with card"
          error={actionData?.error}
          fields={fields}
          submit={(submitting) => (
            <>
              <Lock aria-hidden className="size-4" />
              {submitting ? 'Processing...' : `Pay ${formatPence(payment.totalPennies)}`}
            </>
          )}
          cancelTo={payment.returnPath ?? `/checkout/cancel/${payment.orderId}`}
          testCards="Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Use any future expiry date and any three digits for the CVC."
        />
      </main>
    </div>
  );
}
