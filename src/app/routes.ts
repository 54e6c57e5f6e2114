import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  layout('routes/storefront/layout.tsx', [
    index('routes/storefront/home.tsx'),
    route('shop', 'routes/storefront/shop.tsx'),
    route('product/:id', 'routes/storefront/product.tsx'),
    route('cart', 'routes/storefront/cart.tsx'),
    route('our-story', 'routes/storefront/our-story.tsx'),
    route('contact', 'routes/storefront/contact.tsx'),
    route('gift-cards', 'routes/storefront/gift-cards.tsx'),
    route('checkout', 'routes/checkout/checkout.tsx'),
    route('checkout/success', 'routes/checkout/success.tsx'),
    route('checkout/cancel/:orderId', 'routes/checkout/cancel-payment.tsx'),
    route('auth', 'routes/account/auth.tsx'),
    route('reset-password', 'routes/account/reset-password.tsx'),
    route('account', 'routes/account/account.tsx'),
    route('privacy', 'routes/storefront/privacy.tsx'),
    route('account/orders/:id', 'routes/account/order.tsx'),
    route('*', 'routes/storefront/not-found.tsx'),
  ]),
  // The built-in test payment page stands in for the provider's hosted page: no shop chrome.
  route('pay/test/:sessionId', 'routes/checkout/test-payment.tsx'),
  // A print view: no sidebar, no controls.
  route('admin/orders/:id/packing-slip', 'routes/admin/packing-slip.tsx'),
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:id', 'routes/admin/order.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('deliveries', 'routes/admin/deliveries.tsx'),
      route('bake-days', 'routes/admin/bake-days.tsx'),
      route('bake-days/:date', 'routes/admin/bake-day.tsx'),
      route('bake-days/:date/slips', 'routes/admin/bake-day-slips.tsx'),
      route('bake-days/:date/run-sheet', 'routes/admin/bake-day-run-sheet.tsx'),
      route('bake-days/:date/collections', 'routes/admin/bake-day-collections.tsx'),
      route('discounts', 'routes/admin/discounts.tsx'),
      route('gift-cards', 'routes/admin/gift-cards.tsx'),
      route('gift-cards/:id', 'routes/admin/gift-card.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('emails', 'routes/admin/emails.tsx'),
      route('emails/:id', 'routes/admin/email.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
