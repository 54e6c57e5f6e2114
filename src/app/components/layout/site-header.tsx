import { Cookie, User } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { cn } from '~/app/components/ui/cn';
import { CartLink } from './cart-link';
import { MobileMenu } from './mobile-menu';
import { NAV_LINKS } from './nav-links';

export function SiteHeader({ shopName }: { shopName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-crumb bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
        <div className="flex min-w-0 items-center gap-1">
          <MobileMenu shopName={shopName} className="md:hidden" />
          <Link
            to="/"
            className="flex min-w-0 items-center gap-2 rounded-md px-1 font-serif text-base font-bold text-cocoa sm:text-xl"
          >
            <Cookie aria-hidden className="hidden size-7 shrink-0 text-caramel-dark min-[400px]:block" />
            <span className="truncate">{shopName}</span>
          </Link>
        </div>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 font-medium text-cocoa-light hover:bg-dough hover:text-cocoa',
                      isActive && 'text-caramel-dark underline decoration-2 underline-offset-8',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex shrink-0 items-center">
          <Link
            to="/account"
            aria-label="My Account"
            className="inline-flex size-11 items-center justify-center rounded-md text-cocoa hover:bg-dough"
          >
            <User aria-hidden className="size-6" />
          </Link>
          <CartLink />
        </div>
      </div>
    </header>
  );
}
