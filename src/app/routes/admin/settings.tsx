import { Clock, CreditCard, MapPin, Truck } from 'lucide-react';
import { Badge, Card } from '~/app/components/ui/card';
import { requireAdminPage } from '~/app/lib/guards.server';
import { pageMeta } from '~/app/lib/meta';
import { formatPence } from '~/shared/money';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Settings', description: 'How the shop is set up.', noIndex: true });

/** Read from the same configuration the server uses, so the page always tells the truth. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { config } = context.services;
  return {
    shop: config.shop,
    paymentProvider: config.stripe ? 'Stripe' : 'Test payment page (Stripe not configured)',
  };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { shop, paymentProvider } = loaderData;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="mt-1 mb-6 text-cocoa-light">
        These settings come from the server's configuration and cannot be edited here.
      </p>
      <div className="space-y-4">
        <Section icon={CreditCard} title="Payments">
          <p className="flex flex-wrap items-center gap-2">
            Card payment provider: <span className="font-semibold">{paymentProvider}</span>
            <Badge className="bg-green-100 text-green-900">Connected</Badge>
          </p>
        </Section>
        <Section icon={Truck} title="Delivery">
          <p>
            Delivery fee: <span className="font-semibold">{formatPence(shop.deliveryFeePence)}</span> per
            order
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            Delivery platform integrations <Badge>Coming soon</Badge>
          </p>
        </Section>
        <Section icon={MapPin} title="Local delivery areas">
          <p className="mb-2 text-cocoa-light">We deliver locally across Shropshire, including:</p>
          <ul className="flex flex-wrap gap-2">
            {shop.deliveryAreas.map((area) => (
              <li key={area}>
                <Badge>{area}</Badge>
              </li>
            ))}
          </ul>
        </Section>
        <Section icon={Clock} title="Business hours">
          <dl className="divide-y divide-crumb">
            {shop.hours.map((h) => (
              <div key={h.days} className="flex justify-between gap-4 py-2">
                <dt>{h.days}</dt>
                <dd className="font-medium">{h.hours}</dd>
              </div>
            ))}
          </dl>
        </Section>
      </div>
    </main>
  );
}

function Section({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Clock;
  title: string;
  children: React.ReactNode;
}) {
  const headingId = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-3 flex items-center gap-2 text-xl font-bold">
          <Icon aria-hidden className="size-5 text-caramel" />
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
