/** The public site's main navigation (docs/rules/shop-pages.md), shared by the header and the mobile menu. */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/our-story', label: 'Our Story' },
  { to: '/contact', label: 'Contact' },
] as const;
