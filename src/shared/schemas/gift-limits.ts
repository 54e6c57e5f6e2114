/**
 * The gift message's limit, apart from the schema so the checkout page can show it without
 * loading the validation library before it is needed.
 */
export const GIFT_MESSAGE_MAX = 200;
