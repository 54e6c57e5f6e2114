import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { ShipTo } from '~/shared/orders/ship-to';
import type { Delivery } from '~/shared/schemas/gift-delivery';
import type { profiles } from '../db/schema';
import { badRequest } from '../errors';

export const NO_COLLECTION_MESSAGE =
  'Sorry, collection from the bakery is not available at the moment. Please choose delivery.';
export const COLLECTION_GIFT_MESSAGE =
  'A collected order is collected by you. To send cookies to someone else, choose delivery.';

/**
 * Where the order goes: the profile's address, or a gift's recipient with its message. A
 * collection needs no address: the order keeps who collects and their phone only.
 */
export function shipTo(
  profile: typeof profiles.$inferSelect,
  delivery: Delivery | undefined,
  fulfilment: Fulfilment,
): ShipTo {
  if (fulfilment === 'collection') {
    if (delivery?.to === 'someone-else')
      throw badRequest(COLLECTION_GIFT_MESSAGE, { delivery: COLLECTION_GIFT_MESSAGE });
    return { name: profile.fullName, phone: profile.phone, address: '', city: '', postcode: '', gift: null };
  }
  const gift = delivery?.to === 'someone-else';
  const to = gift ? delivery.recipient : profile;
  return {
    name: to.fullName,
    phone: to.phone,
    address: to.address,
    city: to.city,
    postcode: to.postcode,
    gift: gift ? { message: delivery.giftMessage } : null,
  };
}
