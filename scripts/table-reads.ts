/**
 * The tables a folder of src/server uses although another folder owns them (rule 5 of
 * scripts/check-zones.ts, docs/rules/ownership.md): folder -> { 'owner.table': why }. '*' stands
 * for every table, for the folders that are built over the whole schema by design. A read counts
 * whether it imports the table or names it in SQL text. A read that runs against ZONES (the owner
 * imports the reader) cannot be listed here: the owner hands over what the reader needs through
 * a function in its own folder (account/customers.ts), or services.ts hands it in at start
 * (staff/staff-roles.ts for auth).
 */
export const TABLE_READS: Record<string, Record<string, string>> = {
  account: {
    'auth.users': "the account page shows and changes the customer's sign-in e-mail and name",
    'auth.sessions': 'deleting an account signs it out everywhere',
    'auth.accounts': 'deleting an account removes its password and sign-in methods',
    'auth.verifications': 'deleting an account removes its pending e-mail links',
    'contact.contactMessages': "a customer's data export and deletion include the messages they sent",
    'mail.emailOutbox': 'deleting an account removes the mails already sent to its address',
    'staff.userRoles': 'the owner makes a customer a trade customer, a role kept with the staff roles',
  },
  admin: {
    'account.profiles': "the back office's customer list and its CSV export are a read model of accounts",
    'catalog.products': "the dashboard counts the catalogue's products",
    'catalog.productBoxes': "the dashboard counts the catalogue's boxes",
  },
  auth: {
    'rate-limit.rateLimits': 'a successful sign-in or password reset clears its own sign-in limit',
  },
  backup: {
    'orders.orders': "a backup and its restore are checked by the paid orders' count and total",
  },
  'bake-days': {
    'orders.orders': "a zone's day is full when its orders reach the zone's van capacity",
  },
  checkout: {
    'account.profiles': "checkout fills in and saves the customer's details and address",
    'catalog.products': 'checkout prices the basket from the products as they are now, never the browser',
    'catalog.productBoxes': "checkout checks a box's filling with its rules, in the statement that prices it",
  },
  db: {
    '*': 'the database client, its types and the demo seeds are built over the whole schema',
  },
  'made-to-order': {
    'orders.orders': "an accepted job's page shows its order's state and what has been paid",
    'account.profiles': "an accepted job's order goes to its customer's name, address and e-mail",
  },
  limited: {
    'catalog.products': 'the forward view lists the products that have a daily limit',
  },
  marketing: {
    'orders.orders': 'a basket reminder is not sent to a customer who has ordered since leaving it',
    'account.profiles': 'consent, reminders and back-in-stock mails go to the account and its e-mail',
    'catalog.products': 'back-in-stock and basket reminder mails name the products and their state',
  },
  orders: {
    'catalog.products': 'packing slips print the food information the catalogue holds now',
    'gift-cards.giftCards': 'orders hold and spend gift cards at checkout and show them on the order',
    'gift-cards.giftCardLedger': "an order's card spending and refunds are the ledger's entries",
  },
  payments: {
    'orders.orders': 'a part payment is asked for on an order, for what is still owed on it',
    'orders.orderPaymentRequests': "a part payment's page is kept with its order, so the webhook finds it",
  },
  recipes: {
    'catalog.products': 'recipes, labels and the production sheet are per product',
    'catalog.productBoxes': 'the production sheet counts the cookies inside boxes',
    'orders.orders': "the production sheet says when the day's orders last changed",
  },
  reviews: {
    'orders.orders': 'only a customer who bought a product may review it',
    'orders.orderItems': 'only a customer who bought a product may review it',
    'account.profiles': "a review shows its writer's name",
  },
  staff: {
    'auth.users': 'staff are users: the list of people and invitations that become users',
    'auth.sessions': 'taking a role away signs its sessions out',
    'auth.accounts': 'an accepted invitation sets the new user’s password',
  },
  club: {
    'account.profiles': "a Cookie Club delivery goes to the member's account, address and e-mail",
    'catalog.products': 'a club delivery is made of products, priced as they are now',
    'catalog.productBoxes': "the club's box sizes are the catalogue's boxes",
  },
  trade: {
    'catalog.productBoxes':
      "a box is refused on a price list (the demo's is of loose cookies): an order on account has no box filling",
    'account.profiles': "a trade account is a customer's account, named and addressed as it",
    'catalog.products': 'price lists are per product',
    'orders.orders': "a trade order is an order: its status and the invoice's total",
  },
};
