import { Label, Select } from '~/app/components/ui/input';
import type { ZoneChoice } from '~/shared/orders/schemas';

/** The zone filter of the orders list and the dashboard: every zone, a delivery zone, or Collection. */
export function ZoneSelect({
  id,
  zones,
  value,
  className,
}: {
  id: string;
  zones: ZoneChoice[];
  value: string;
  className?: string;
}) {
  return (
    <>
      <Label htmlFor={id}>Zone</Label>
      <Select id={id} name="zone" defaultValue={value} className={className}>
        <option value="">All zones</option>
        {zones.map((z) => (
          <option key={z.value} value={z.value}>
            {z.label}
          </option>
        ))}
      </Select>
    </>
  );
}
