/**
 * Who in the back office may use what (docs/rules/back-office-roles.md): the one table
 * the server's guards enforce on every /api/admin route and every back-office page's loader and
 * action, and the sidebar follows to hide links. Anything not in it is the owner's alone.
 */

/** The back office's roles. `user_roles` stores the owner as `admin`, as it always has. */
export const STAFF_ROLES = ['owner', 'staff', 'baker'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How each role is named on screen. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  staff: 'Shop staff',
  baker: 'Baker',
};

type Who = readonly StaffRole[];
const OWNER: Who = ['owner'];
/** The shop floor: orders, deliveries, dispatch, messages and e-mails. */
const DESK: Who = ['owner', 'staff'];
/** The kitchen too: bake days and their bake lists. */
const KITCHEN: Who = ['owner', 'staff', 'baker'];

/**
 * Every back-office API route, as `METHOD path` with Hono's `:param`s. A test compares this with
 * the routes the app registers, so a new route without a line here fails it.
 */
export const API_ACCESS: Record<string, Who> = {
  // Revenue figures: the owner's only.
  'GET /api/admin/dashboard': OWNER,
  'GET /api/admin/orders': DESK,
  // Every customer's name and address: an export of customers' data.
  'GET /api/admin/orders/export.csv': OWNER,
  'GET /api/admin/orders/:id': DESK,
  'PATCH /api/admin/orders/:id': DESK,
  'POST /api/admin/orders/:id/refunds': OWNER,
  'POST /api/admin/orders/:id/payments': OWNER,
  'GET /api/admin/products': OWNER,
  'POST /api/admin/products': OWNER,
  'PATCH /api/admin/products/:id': OWNER,
  'PUT /api/admin/products/:id/photo': OWNER,
  'PUT /api/admin/products/:id/photo/crop': OWNER,
  'GET /api/admin/products/:id/photo/master.webp': OWNER,
  'DELETE /api/admin/products/:id/photo': OWNER,
  'DELETE /api/admin/products/:id': OWNER,
  'GET /api/admin/discounts': OWNER,
  'POST /api/admin/discounts': OWNER,
  'PUT /api/admin/discounts/:id': OWNER,
  'PATCH /api/admin/discounts/:id': OWNER,
  'DELETE /api/admin/discounts/:id': OWNER,
  'GET /api/admin/customers/export.csv': OWNER,
  // The books (decision 087): sales figures and customers' names, the owner's alone.
  'GET /api/admin/books': OWNER,
  'GET /api/admin/books/export.csv': OWNER,
  'GET /api/admin/customers': OWNER,
  'GET /api/admin/deliveries': DESK,
  'PATCH /api/admin/deliveries/:id': DESK,
  'GET /api/admin/emails': DESK,
  'GET /api/admin/emails/:id': DESK,
  'POST /api/admin/emails/:id/resend': DESK,
  'GET /api/admin/bake-days': KITCHEN,
  'GET /api/admin/bake-days/:date/click-and-drop.csv': DESK,
  'GET /api/admin/limited-ahead': KITCHEN,
  // Which days the shop bakes and how much: the owner's to set.
  'PUT /api/admin/bake-days/template': OWNER,
  'PUT /api/admin/bake-days/overrides/:date': OWNER,
  'DELETE /api/admin/bake-days/overrides/:date': OWNER,
  'GET /api/admin/settings': OWNER,
  'PUT /api/admin/settings': OWNER,
  'GET /api/admin/settings/trader': OWNER,
  'PUT /api/admin/settings/trader': OWNER,
  'POST /api/admin/settings/terms': OWNER,
  // A made-to-order enquiry's reference pictures (decision 086).
  'GET /api/admin/made-to-order/pictures/:id': OWNER,
  'GET /api/admin/delivery-zones': OWNER,
  'POST /api/admin/delivery-zones': OWNER,
  'PUT /api/admin/delivery-zones/:id': OWNER,
  'DELETE /api/admin/delivery-zones/:id': OWNER,
  'GET /api/admin/subscriptions': OWNER,
  'GET /api/admin/subscriptions/:id': OWNER,
  'POST /api/admin/subscriptions/:id/skip': OWNER,
  'POST /api/admin/subscriptions/:id/pause': OWNER,
  'POST /api/admin/subscriptions/:id/resume': OWNER,
  'POST /api/admin/subscriptions/:id/cancel': OWNER,
  // Ingredients and recipes: costs and recipes are the owner's.
  'GET /api/admin/ingredients': OWNER,
  'POST /api/admin/ingredients': OWNER,
  'PUT /api/admin/ingredients/:id': OWNER,
  'DELETE /api/admin/ingredients/:id': OWNER,
  'GET /api/admin/recipes': OWNER,
  'PUT /api/admin/products/:id/recipe': OWNER,
  'POST /api/admin/sub-recipes': OWNER,
  'PUT /api/admin/sub-recipes/:id': OWNER,
  'DELETE /api/admin/recipes/:id': OWNER,
  // What to mix and weigh for a day: the kitchen's sheet (no customer's details on it).
  'GET /api/admin/bake-days/:date/production': KITCHEN,
  'GET /api/admin/activity': OWNER,
  'GET /api/admin/activity/export.csv': OWNER,
  'GET /api/admin/staff': OWNER,
  'POST /api/admin/staff/invites': OWNER,
  'PUT /api/admin/staff/:id': OWNER,
  'POST /api/admin/staff/:id/second-factor/reset': OWNER,
  'DELETE /api/admin/staff/:id': OWNER,
  'GET /api/contact/messages': DESK,
  'PATCH /api/contact/messages/:id': DESK,
};

/**
 * A page: who may open it (`view`), who may post its forms (`act`, the owner unless said), and
 * the form intents open to more roles than `act` (`intents`).
 */
export interface PageAccess {
  view: Who;
  act?: Who;
  intents?: Record<string, Who>;
}

/** Every back-office page, by its route path. A test compares this with the app's routes. */
export const PAGE_ACCESS: Record<string, PageAccess> = {
  // The dashboard is revenue: the others land on their first page instead (landingPage).
  '/admin': { view: OWNER },
  '/admin/orders': { view: DESK, intents: { status: DESK } },
  '/admin/orders/:id': { view: DESK, intents: { status: DESK } },
  '/admin/orders/:id/packing-slip': { view: DESK },
  '/admin/products': { view: OWNER },
  '/admin/customers': { view: OWNER },
  '/admin/deliveries': { view: DESK, act: DESK },
  '/admin/bake-days': { view: KITCHEN },
  '/admin/bake-days/:date': { view: KITCHEN, act: KITCHEN },
  '/admin/bake-days/:date/slips': { view: DESK },
  '/admin/bake-days/:date/run-sheet': { view: DESK, act: DESK },
  '/admin/bake-days/:date/collections': { view: DESK, act: DESK },
  '/admin/bake-days/:date/dispatch': { view: DESK, act: DESK },
  '/admin/bake-days/:date/production': { view: KITCHEN, act: KITCHEN },
  // Food labels: what is in each pack, no customer's details.
  '/admin/bake-days/:date/labels': { view: KITCHEN },
  '/admin/orders/:id/labels': { view: DESK },
  '/admin/recipes': { view: OWNER },
  '/admin/discounts': { view: OWNER },
  '/admin/gift-cards': { view: OWNER },
  '/admin/gift-cards/:id': { view: OWNER },
  '/admin/subscriptions': { view: OWNER },
  '/admin/subscriptions/:id': { view: OWNER },
  '/admin/messages': { view: DESK, act: DESK },
  '/admin/emails': { view: DESK, act: DESK },
  '/admin/emails/:id': { view: DESK, act: DESK },
  '/admin/settings': { view: OWNER },
  '/admin/activity': { view: OWNER },
  '/admin/staff': { view: OWNER },
  // Customers' reviews: the owner approves, hides and replies.
  '/admin/reviews': { view: OWNER },
  // Trade customers (decision 082): their prices, terms and credit are the owner's alone.
  '/admin/trade': { view: OWNER },
  '/admin/trade/:id': { view: OWNER },
  // The books for the accountant (decision 087): Xero and QuickBooks files of a period's sales.
  '/admin/books': { view: OWNER },
  // Made-to-order enquiries and quotes (decision 086): prices are the owner's.
  '/admin/made-to-order': { view: OWNER },
  '/admin/made-to-order/:id': { view: OWNER },
  // Trade orders on account, their invoices and what is owed (decision 085): money, the owner's.
  '/admin/invoices': { view: OWNER },
  '/admin/invoices/:number': { view: OWNER },
};

/** Whether `/admin/orders/:id`-style `pattern` names `path` (one segment per `:param`). */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/** `path` without a trailing slash or React Router's `.data` suffix. */
const normalise = (path: string) => path.replace(/\.data$/, '').replace(/(.)\/+$/, '$1');

/**
 * The rule for a path: an exact pattern before one with parameters, so `/orders/export.csv` is not
 * taken for `/orders/:id`.
 */
function ruleFor<T>(table: Record<string, T>, key: (pattern: string) => string, path: string): T | undefined {
  const patterns = Object.keys(table);
  const exact = patterns.find((p) => key(p) === path);
  if (exact) return table[exact];
  const withParams = patterns.find((p) => matches(key(p), path));
  return withParams ? table[withParams] : undefined;
}

/** Whether `role` may call `method path` on the API; a route not in the table is the owner's. */
export function mayUseApi(role: StaffRole, method: string, path: string): boolean {
  const verb = method === 'HEAD' ? 'GET' : method.toUpperCase();
  const rule = ruleFor(
    Object.fromEntries(Object.entries(API_ACCESS).filter(([k]) => k.startsWith(`${verb} `))),
    (p) => p.slice(verb.length + 1),
    normalise(path),
  );
  return (rule ?? OWNER).includes(role);
}

/** The rule of the page at `path`, if it is one of the back office's. */
export const pageAccess = (path: string): PageAccess | undefined =>
  ruleFor(PAGE_ACCESS, (p) => p, normalise(path));

/** Whether `role` may open the page at `path` (a page not in the table is the owner's). */
export const mayOpenPage = (role: StaffRole, path: string): boolean =>
  (pageAccess(path)?.view ?? OWNER).includes(role);

/** Whether `role` may post the form with `intent` on the page at `path`. */
export function mayActOnPage(role: StaffRole, path: string, intent: string | null): boolean {
  const rule = pageAccess(path);
  const byIntent = intent === null ? undefined : rule?.intents?.[intent];
  return (byIntent ?? rule?.act ?? OWNER).includes(role);
}

/** Whether the page's actions depend on their intent (so the guard must read it). */
export const pageActsByIntent = (path: string): boolean => !!pageAccess(path)?.intents;

/** Where a role's back office starts: the dashboard is the owner's. */
export const landingPage = (role: StaffRole): string =>
  role === 'owner' ? '/admin' : role === 'staff' ? '/admin/orders' : '/admin/bake-days';

/** Why shop staff cannot cancel an order whose money was taken: cancelling it refunds it. */
export const STAFF_MAY_NOT_CANCEL_PAID =
  'This order has been paid, so cancelling it would refund it: only the owner can cancel a paid order.';

/** Whether `role` may cancel an order, paid (money taken) or not: refunds are the owner's alone. */
export const mayCancelOrder = (role: StaffRole, paid: boolean) => role === 'owner' || !paid;
