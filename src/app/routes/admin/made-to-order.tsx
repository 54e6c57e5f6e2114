import { Cake } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { ENQUIRY_STATUS_LABELS } from '~/shared/made-to-order/made-to-order';
import { formatPence } from '~/shared/money/money';
import { formatBakeDay, formatDateTime } from '~/shared/time/london-time';
import type { Route } from './+types/made-to-order';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Made to order',
    description: 'Enquiries for made-to-order jobs, their quotes and answers.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const rows = await context.services.madeToOrder.list();
  return {
    enquiries: rows.map(({ enquiry: e, quote }) => ({
      id: e.id,
      name: e.name,
      email: e.email,
      occasion: e.occasion,
      dateWanted: e.dateWanted,
      quantity: e.quantity,
      status: e.status,
      total: quote ? quote.money.totalPennies : null,
      received: formatDateTime(e.createdAt),
    })),
  };
}

const TONE: Record<string, string> = {
  new: 'bg-amber-100 text-amber-900',
  quoted: 'bg-sky-100 text-sky-900',
  accepted: 'bg-green-100 text-green-900',
};

export default function AdminMadeToOrder({ loaderData }: Route.ComponentProps) {
  const { enquiries } = loaderData;
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Made to order</h1>
      <p className="mb-6 text-cocoa-light">
        Customers ask at /made-to-order. Open an enquiry to see its pictures, send a quote or decline it.
      </p>
      {enquiries.length === 0 ? (
        <Card className="p-10 text-center">
          <Cake aria-hidden className="mx-auto mb-3 size-10 text-caramel" />
          <p className="text-lg font-medium">No enquiries yet</p>
        </Card>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left">
            <thead>
              <tr className="border-b border-crumb">
                <th className="py-2 pr-3">Customer</th>
                <th className="px-3">Occasion</th>
                <th className="px-3">Date wanted</th>
                <th className="px-3 text-right">Cookies</th>
                <th className="px-3">Status</th>
                <th className="pl-3 text-right">Quote</th>
              </tr>
            </thead>
            <tbody>
              {enquiries.map((e) => (
                <tr key={e.id} className="border-b border-crumb/50">
                  <td className="py-2 pr-3">
                    <Link to={`/admin/made-to-order/${e.id}`} className="font-bold hover:underline">
                      {e.name}
                    </Link>
                    <div className="text-sm text-cocoa-light">{e.received}</div>
                  </td>
                  <td className="px-3">{e.occasion}</td>
                  <td className="px-3">{formatBakeDay(e.dateWanted)}</td>
                  <td className="px-3 text-right">{e.quantity}</td>
                  <td className="px-3">
                    <Badge className={TONE[e.status] ?? ''}>{ENQUIRY_STATUS_LABELS[e.status]}</Badge>
                  </td>
                  <td className="pl-3 text-right">{e.total === null ? '' : formatPence(e.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
