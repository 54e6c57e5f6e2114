import { data, redirect } from 'react-router';
import { cardOfForm, TestCardForm, TestModeHeader } from '~/app/components/checkout/test-card-fields';
import { orFormRefusal } from '~/app/server/service-errors.server';
import { formatPence } from '~/shared/money/money';
import type { Route } from './+types/test-card';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `TEST MODE · Save a card with ${loaderData?.shopName ?? ''}`.trim() },
  { name: 'robots', content: 'noindex' },
];

/** The test provider's stand-in for a hosted card-saving page (the Cookie Club's card). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const sub = await context.services.subscriptions.cardPage(params.sessionId);
  if (!sub) throw data('Card page not found', { status: 404 });
  return { sub, shopName: context.services.config.shop.name };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const card = cardOfForm(await request.formData());
  return orFormRefusal(async () => {
    await context.services.payments.saveTestCard(params.sessionId, card);
    return redirect('/account/subscriptions?card=saved');
  }, 'Card page not found');
}

export default function TestCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { sub, shopName } = loaderData;
  return (
    <div className="min-h-dvh bg-cream">
      <TestModeHeader />
      <main className="mx-auto grid w-full max-w-4xl gap-8 px-4 py-8 md:grid-cols-2 md:py-12">
        <section>
          <h1 className="text-base font-normal text-cocoa-light">{shopName}: the Cookie Club</h1>
          <p className="text-2xl font-bold">
            {sub.quantity} x {sub.product_name}, every {sub.every_weeks} weeks
          </p>
          <p className="mt-2 text-cocoa-light">
            Save a card and each box is charged to it when it is made: {formatPence(sub.quoted_pennies)} a box
            today, delivery included. Nothing is taken on this page.
          </p>
        </section>
        <TestCardForm
          heading="Save your card"
          error={actionData?.error}
          fields={actionData?.fields ?? {}}
          submit={(submitting) => (submitting ? 'Saving...' : 'Save card')}
          cancelTo="/account/subscriptions"
          testCards="Test cards: 4242 4242 4242 4242 saves a card that pays; 4000 0000 0000 0341 saves a card that is declined later; 4000 0000 0000 0002 is declined now."
        />
      </main>
    </div>
  );
}
