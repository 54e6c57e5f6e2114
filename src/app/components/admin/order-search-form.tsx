import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Input, Label } from '~/app/components/ui/input';
import type { ZoneChoice } from '~/shared/orders/schemas';
import type { OrderStatus } from '~/shared/orders/statuses';
import { ZoneSelect } from './zone-select';

/**
 * The orders search: a plain GET form, so every search is a link the owner can keep or share,
 * and it works before (or without) JavaScript. The status chosen above is kept. The zone is the
 * zone the order was placed in, or Collection (decision 049).
 */
export function OrderSearchForm({
  raw,
  status,
  searching,
  zones,
}: {
  raw: { q: string; from: string; to: string; day: string; zone: string };
  status: OrderStatus | null;
  searching: boolean;
  zones: ZoneChoice[];
}) {
  return (
    <search aria-label="Orders">
      <form method="get" className="mb-6 grid gap-3 sm:grid-cols-[auto_auto_auto_auto_1fr] sm:items-end">
        {status && <input type="hidden" name="status" value={status} />}
        <div className="sm:col-span-5">
          <Label htmlFor="orders-q">Search</Label>
          <Input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={raw.q}
            maxLength={100}
            placeholder="Order number, name, e-mail or postcode"
            aria-describedby="orders-q-hint"
          />
          <p id="orders-q-hint" className="sr-only">
            An order number, a customer's name or e-mail, or a postcode
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <div className="col-span-2 sm:col-span-1">
            <Label htmlFor="orders-day">Delivery day</Label>
            <Input id="orders-day" name="day" type="date" defaultValue={raw.day} className="sm:w-40" />
          </div>
          <div>
            <Label htmlFor="orders-from">Ordered from</Label>
            <Input id="orders-from" name="from" type="date" defaultValue={raw.from} className="sm:w-40" />
          </div>
          <div>
            <Label htmlFor="orders-to">Ordered to</Label>
            <Input id="orders-to" name="to" type="date" defaultValue={raw.to} className="sm:w-40" />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <ZoneSelect id="orders-zone" zones={zones} value={raw.zone} className="h-11 sm:w-48" />
          </div>
        </div>
        <div className="flex items-center gap-3">
          <Button type="submit" className="h-11">
            <Search aria-hidden className="size-4" />
            Search
          </Button>
          {searching && (
            <Link to="?" className="font-medium text-caramel-dark underline-offset-2 hover:underline">
              Clear
            </Link>
          )}
        </div>
      </form>
    </search>
  );
}
