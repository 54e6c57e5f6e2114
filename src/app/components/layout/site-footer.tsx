import { Clock, Cookie, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import type { ShopInfo } from '~/server/config';
import { FacebookIcon, InstagramIcon } from './social-icons';

const QUICK_LINKS = [
  { to: '/shop', label: 'Shop' },
  { to: '/club', label: 'Cookie Club' },
  { to: '/gift-cards/buy', label: 'Gift Cards' },
  { to: '/made-to-order', label: 'Made to Order' },
  { to: '/our-story', label: 'Our Story' },
  { to: '/contact', label: 'Contact' },
  { to: '/account', label: 'My Account' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/legal', label: 'Legal' },
  { to: '/terms', label: 'Terms of sale' },
] as const;

const SOCIAL_LINKS = [
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
] as const;

// The theme's caramel focus ring is too faint on cocoa: white keeps keyboard focus visible here.
const linkClass =
  'rounded-sm text-crumb underline-offset-4 hover:text-white hover:underline focus-visible:outline-white';

type FooterShop = Pick<ShopInfo, 'name' | 'email' | 'footerHours' | 'phone' | 'address' | 'social'>;

/** Social links, phone and address appear only when configured (SHOP_* settings): never a dead link. */
export function SiteFooter({ shop }: { shop: FooterShop }) {
  const social = SOCIAL_LINKS.flatMap((link) => {
    const href = shop.social[link.key];
    return href ? [{ ...link, href }] : [];
  });
  return (
    <footer className="bg-cocoa text-dough">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.6fr_1fr_1.4fr]">
        <div className="sm:col-span-2 lg:col-span-1">
          <p className="flex items-center gap-2 font-serif text-xl font-bold text-white">
            <Cookie aria-hidden className="size-6" />
            {shop.name}
          </p>
          <p className="mt-1 text-sm font-medium text-crumb">Handmade in Shropshire, UK</p>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            Handcrafted artisan cookies made with the finest ingredients, baked fresh to order and delivered
            across the UK.
          </p>
          {social.length > 0 && (
            <ul className="mt-5 flex gap-2">
              {social.map(({ label, Icon, href }) => (
                <li key={label}>
                  <a
                    href={href}
                    aria-label={`${shop.name} on ${label}`}
                    rel="noopener"
                    className="inline-flex size-11 items-center justify-center rounded-full bg-cocoa-light text-white hover:bg-caramel-dark focus-visible:outline-white"
                  >
                    <Icon className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        <nav aria-label="Quick links">
          <h2 className="mb-3 font-serif text-lg font-semibold text-white">Quick Links</h2>
          <ul className="space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="mb-3 font-serif text-lg font-semibold text-white">Get in Touch</h2>
          <ul className="space-y-3 text-sm">
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="size-4 shrink-0" />
              <a href={`mailto:${shop.email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
                {shop.email}
              </a>
            </li>
            {shop.phone && (
              <li className="flex items-center gap-2">
                <Phone aria-hidden className="size-4 shrink-0" />
                <a href={`tel:${shop.phone.replace(/\s+/g, '')}`} className={linkClass}>
                  {shop.phone}
                </a>
              </li>
            )}
            {shop.address && (
              <li className="flex items-start gap-2">
                <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
                <address className="not-italic">{shop.address}</address>
              </li>
            )}
            <li className="flex items-center gap-2">
              <Clock aria-hidden className="size-4 shrink-0" />
              <span>{shop.footerHours}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-cocoa-light">
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-crumb">
          {/* The year may differ from the server's around midnight on New Year's Eve: harmless. */}
          &copy; <span suppressHydrationWarning>{new Date().getFullYear()}</span>{' '}
          {shop.name.replace(/\.$/, '')}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
