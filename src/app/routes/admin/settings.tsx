import { Clock, CreditCard, DatabaseBackup, FileText, Landmark, MapPin, Truck } from 'lucide-react';
import { data, useFetcher } from 'react-router';
import { BackupStatusLine } from '~/app/components/admin/backup-status';
import { LoadError } from '~/app/components/admin/load-error';
import { DeliverySettingsForm } from '~/app/components/admin/settings/delivery-settings-form';
import { DeliveryZonesEditor } from '~/app/components/admin/settings/delivery-zones-editor';
import { TermsEditor } from '~/app/components/admin/settings/terms-editor';
import { TraderDetailsForm } from '~/app/components/admin/settings/trader-details-form';
import { Badge, Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Settings', description: 'How the shop is set up.', noIndex: true });

/**
 * Delivery and collection settings come from the database (the owner edits them here); the rest
 * from the same configuration the server uses, so the page always tells the truth.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { config, settings } = context.services;
  return {
    shop: config.shop,
    paymentProvider: config.stripe ? 'Stripe' : 'Test payment page (Stripe not configured)',
    settings: await loadOrNull(context, 'settings', () => settings.get()),
    trader: await loadOrNull(context, 'who we are', () => context.services.trader.get()),
    terms: await loadOrNull(context, 'the terms of sale', () => context.services.terms.current()),
    zones: await loadOrNull(context, 'the delivery zones', () => context.services.zones.withOverlaps()),
    backup: await loadOrNull(context, 'the backup status', () => context.services.backups.status()),
    backupSchedule: config.backup.at ? `every day at ${config.backup.at} (London time)` : null,
  };
}

/** `intent=settings`: delivery fee, free delivery, collection (amounts in pounds, checked by the service). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  // A zone's Remove button sends its own intent beside the form's hidden one.
  const intents = form.getAll('intent');
  const intent = intents.includes('zone-remove') ? 'zone-remove' : field(form, 'intent');
  if (intent === 'zone-remove')
    return runPageAction(context, intent, () => context.services.zones.remove(field(form, 'id')));
  if (intent === 'zone-save') {
    const id = field(form, 'id') || null;
    const input = Object.fromEntries(
      [...form.keys()]
        .filter((k) => k !== 'intent' && k !== 'id' && k !== 'weekdays')
        .map((k) => [k, field(form, k)]),
    );
    return runPageAction(context, intent, () =>
      context.services.zones.save(id, { ...input, weekdays: form.getAll('weekdays').map(String) }),
    );
  }
  if (intent === 'trader') {
    const keys = ['legalName', 'address', 'email', 'phone', 'companyNumber', 'registeredOffice', 'vatNumber'];
    return runPageAction(context, intent, () =>
      context.services.trader.save(Object.fromEntries(keys.map((k) => [k, field(form, k)]))),
    );
  }
  if (intent === 'terms')
    return runPageAction(context, intent, () => context.services.terms.publish(field(form, 'body')));
  if (intent !== 'settings')
    return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
  return runPageAction(context, intent, () =>
    context.services.settings.save({
      deliveryFee: field(form, 'deliveryFee'),
      freeDelivery: form.has('freeDelivery'),
      freeDeliveryOver: field(form, 'freeDeliveryOver'),
      collection: form.has('collection'),
      collectionAddress: field(form, 'collectionAddress'),
      collectionHours: field(form, 'collectionHours'),
      collectionSlotMinutes: field(form, 'collectionSlotMinutes'),
      collectionSlotOpens: field(form, 'collectionSlotOpens'),
      collectionSlotCloses: field(form, 'collectionSlotCloses'),
      collectionSlotCap: field(form, 'collectionSlotCap'),
    }),
  );
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { shop, paymentProvider, settings, trader, terms, zones, backup, backupSchedule } = loaderData;
  // Holds the form's keyed fetcher while a save remounts the form, so "Settings saved" outlives it.
  useFetcher({ key: 'settings' });
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="mt-1 mb-6 text-cocoa-light">
        Who we are, the terms of sale, delivery and collection are yours to change here, for new orders at
        once. The rest comes from the server's configuration.
      </p>
      <div className="space-y-4">
        <Section icon={CreditCard} title="Payments">
          <p className="flex flex-wrap items-center gap-2">
            Card payment provider: <span className="font-semibold">{paymentProvider}</span>
            <Badge className="bg-green-100 text-green-900">Connected</Badge>
          </p>
        </Section>
        <Section icon={Landmark} title="Who we are">
          <p className="mb-3 text-cocoa-light">
            What the law asks you to tell customers before they buy: shown on the Legal page, on receipts and
            in order e-mails.
          </p>
          {trader ? (
            <TraderDetailsForm key={JSON.stringify(trader)} trader={trader} />
          ) : (
            <LoadError message="Failed to load who we are" />
          )}
        </Section>
        <Section icon={FileText} title="Terms of sale">
          {terms ? (
            <TermsEditor key={terms.version} version={terms.version} body={terms.body} />
          ) : (
            <LoadError message="Failed to load the terms of sale" />
          )}
        </Section>
        <Section icon={Truck} title="Delivery and collection">
          {settings ? (
            // key: a saved change refills the fields from the server's values.
            <DeliverySettingsForm
              key={JSON.stringify(settings)}
              settings={settings}
              zonesDecide={(zones?.zones.length ?? 0) > 0}
            />
          ) : (
            <LoadError message="Failed to load the settings" />
          )}
          <p className="mt-5 flex flex-wrap items-center gap-2 border-t border-crumb pt-4">
            Delivery platform integrations <Badge>Coming soon</Badge>
          </p>
        </Section>
        <Section icon={MapPin} title="Delivery zones">
          <p className="mb-3 text-cocoa-light">
            Where you deliver, by postcode: each zone's method, fee, days and limits. The most specific
            postcode rule wins; checkout, the postcode checker and the dispatch desk read them at once.
          </p>
          {zones ? (
            <DeliveryZonesEditor zones={zones.zones} overlaps={zones.overlaps} />
          ) : (
            <LoadError message="Failed to load the delivery zones" />
          )}
        </Section>
        <Section icon={DatabaseBackup} title="Backups">
          <BackupStatusLine status={backup} />
          <p className="mt-2 text-cocoa-light">
            {backupSchedule
              ? `The shop backs itself up ${backupSchedule}, and before every upgrade, and checks each backup by restoring it.`
              : 'Backups are taken by npm run backup (set up by whoever runs the shop) and before every upgrade; each is checked by restoring it.'}
          </p>
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
