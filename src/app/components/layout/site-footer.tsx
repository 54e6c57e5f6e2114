import { Clock, Cookie, Mail } from 'lucide-react';
import { Link } from 'react-router';
import type { ShopInfo } from '~/server/config';
import { FacebookIcon, InstagramIcon } from './social-icons';

const QUICK_LINKS = [
  { to: '/shop', label: 'Shop' },
  { to: '/our-story', label: 'Our Story' },
  { to: '/contact', label: 'Contact' },
  { to: '/account', label: 'My Account' },
] as const;

const SOCIAL_LINKS = [
  { label: 'Instagram', Icon: InstagramIcon },
  { label: 'Facebook', Icon: FacebookIcon },
] as const;

// The theme's caramel focus ring is too faint on cocoa: white keeps keyboard focus visible here.
const linkClass =
  'rounded-sm text-crumb underline-offset-4 hover:text-white hover:underline focus-visible:outline-white';

export function SiteFooter({ shop }: { shop: Pick<ShopInfo, 'name' | 'email' | 'footerHours'> }) {
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
          <ul className="mt-5 flex gap-2">
            {SOCIAL_LINKS.map(({ label, Icon }) => (
              <li key={label}>
                <a
                  // biome-ignore lint/a11y/useValidAnchor: SPEC §2 gives the social links no target yet
                  href="#"
                  aria-label={label}
                  className="inline-flex size-11 items-center justify-center rounded-full bg-cocoa-light text-white hover:bg-caramel-dark focus-visible:outline-white"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
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
