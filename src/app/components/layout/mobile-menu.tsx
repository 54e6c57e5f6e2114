import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { cn } from '~/app/lib/cn';
import { NAV_LINKS } from './nav-links';

const EXTRA_LINKS = [
  { to: '/account', label: 'My Account' },
  { to: '/cart', label: 'Cart' },
] as const;

/** The small-screen navigation: a sheet that slides in from the left and closes when a link is chosen. */
export function MobileMenu({ shopName, className }: { shopName: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Also close when the page changes some other way (e.g. the browser's back button).
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className={className}>
          <Menu aria-hidden className="size-6" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-cocoa/60 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-cream p-5 shadow-xl transition-transform duration-200 starting:-translate-x-full motion-reduce:transition-none"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="font-serif text-xl font-bold text-cocoa">{shopName}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden className="size-6" />
              </Button>
            </Dialog.Close>
          </div>
          <nav aria-label="Menu">
            <ul className="flex flex-col gap-1">
              {[...NAV_LINKS, ...EXTRA_LINKS].map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === '/'}
                    onClick={() => setOpen(false)}
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
