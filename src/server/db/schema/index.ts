/**
 * The whole schema, one file per owning folder (drizzle-kit reads this index). Code imports the
 * tables from here; each file says which folder owns its tables.
 */
export * from './account';
export * from './activity';
export * from './auth';
export * from './backup';
export * from './bake-days';
export * from './catalog';
export * from './change-counters';
export * from './club';
export * from './contact';
export * from './delivery-zones';
export * from './discounts';
export * from './gift-cards';
export * from './legal';
export * from './made-to-order';
export * from './mail';
export * from './marketing';
export * from './orders';
export * from './payments';
export * from './rate-limit';
export * from './recipes';
export * from './reviews';
export * from './settings';
export * from './staff';
export * from './trade';
