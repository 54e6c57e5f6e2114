import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { cn } from '~/app/components/ui/cn';
import { useHydrated } from '~/app/components/ui/use-hydrated';
import { NAV_LINKS } from './nav-links';

const EXTRA_LINKS = [
  { to: '/account', label: 'My Account' },
  { to: '/cart', label: 'Cart' },
] as const;

/**
 * The small-screen navigation: a sheet that slides in from the left and closes when a link is
 * chosen. A native modal <dialog> gives focus trapping, Escape, an inert page behind it and focus
 * return for free, without shipping a dialog library to every shopper.
 */
export function MobileMenu({ shopName, className }: { shopName: string; className?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { pathname } = useLocation();
  const close = () => dialog.current?.close();
  const hydrated = useHydrated();

  // Also close when the page changes some other way (e.g. the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change on purpose
  useEffect(() => close(), [pathname]);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        className={className}
        disabled={!hydrated}
        onClick={() => dialog.current?.showModal()}
      >
        <Menu aria-hidden className="size-6" />
      </Button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is native */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClick={(e) => e.target === e.currentTarget && close()}
        className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-cream p-0 text-cocoa shadow-xl backdrop:bg-cocoa/60"
      >
        <div className="flex h-full flex-col gap-6 overflow-y-auto p-5">
          <div className="flex items-center justify-between gap-2">
            <h2 id={titleId} className="font-serif text-xl font-bold text-cocoa">
              {shopName}
            </h2>
            <Button variant="ghost" size="icon" aria-label="Close menu" onClick={close}>
              <X aria-hidden className="size-6" />
            </Button>
          </div>
          <nav aria-label="Menu">
            <ul className="flex flex-col gap-1">
              {[...NAV_LINKS, ...EXTRA_LINKS].map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === '/'}
                    onClick={close}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-md px-3 py-3 text-lg font-medium text-cocoa hover:bg-dough',
                        isActive && 'bg-dough text-caramel-dark',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  );
}
