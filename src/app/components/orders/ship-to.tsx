import { COLLECT_LABEL } from '~/shared/orders/fulfilment';
import type { ShipTo as Where } from '~/shared/orders/ship-to';

/** The small uppercase heading of a section on the order screens. */
export const SECTION_HEADING = 'font-sans text-sm font-semibold text-cocoa-light uppercase';

/**
 * Where an order goes: its delivery address under `deliveryHeading`, or, for a collection, who
 * collects it and their phone. A fragment, so each screen keeps its own wrapper and extras.
 */
export function ShipTo({
  ship,
  collect,
  deliveryHeading,
  Heading = 'h2',
  headingClass = SECTION_HEADING,
  headingId,
}: {
  ship: Where;
  collect: boolean;
  deliveryHeading: string;
  Heading?: 'h2' | 'h3';
  headingClass?: string;
  headingId?: string;
}) {
  return (
    <>
      <Heading id={headingId} className={headingClass}>
        {collect ? COLLECT_LABEL : deliveryHeading}
      </Heading>
      {collect ? (
        <p className="break-words">
          {ship.name}
          <br />
          {ship.phone}
        </p>
      ) : (
        <address className="not-italic break-words">
          {ship.name}
          <br />
          {ship.address}
          <br />
          {ship.city} {ship.postcode}
          <br />
          {ship.phone}
        </address>
      )}
    </>
  );
}
