import { Lock } from 'lucide-react';
import { CartLoading } from '~/app/cart/empty-cart';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { type DeliveryDayChoice, DeliveryDayPicker, firstOpenDay } from './delivery-day-picker';

const keep = () => {};

/**
 * /checkout before the basket (kept in the browser) has been read, and without JavaScript: the
 * days the signed-in customer's zone delivers on, as the server knows them, and no way to pay yet
 * (never the bake calendar's days, never a Proceed that the server would refuse).
 */
export function CheckoutLoading({ days }: { days: DeliveryDayChoice[] }) {
  return (
    <Card className="p-6">
      <CartLoading />
      <noscript>
        <p className="rounded-md bg-cream p-4">
          Your basket is kept in this browser: please turn on JavaScript to see it and pay.
        </p>
      </noscript>
      <DeliveryDayPicker days={days} cookies={1} value={firstOpenDay(days, 1)} onChange={keep} />
      <div className="mt-6 flex justify-end">
        <Button size="lg" disabled>
          <Lock aria-hidden className="size-4" />
          Proceed to Payment
        </Button>
      </div>
    </Card>
  );
}
