/**
 * Where an order goes, as it was when the order was placed: delivered to an address, or collected
 * from the bakery (then `address`, `city` and `postcode` are '' and `name` is who collects; the
 * order's `fulfilment` says which). A gift's is its recipient's: `name` is then never the customer
 * who ordered and paid (the order's `customer` is). Read and written by src/server/orders/ship-to-columns.ts.
 */
export interface ShipTo {
  name: string;
  phone: string;
  address: string;
  city: string;
  postcode: string;
  /** Sent to someone else, with the message for the packing slip (or null); null when not a gift. */
  gift: { message: string | null } | null;
}
