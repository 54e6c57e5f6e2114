/** How an order reaches its customer: delivered, or collected from the bakery. */
export const FULFILMENTS = ['delivery', 'collection'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
