import {
  Activity,
  BookOpen,
  Cake,
  CalendarDays,
  ChefHat,
  Cookie,
  FileText,
  Gift,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Package,
  Repeat,
  Send,
  Settings,
  ShoppingBag,
  Star,
  Store,
  TicketPercent,
  Truck,
  UserCog,
  Users,
  X,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { signOut as signOutCall } from '~/app/api/auth-client';
import { Button } from '~/app/components/ui/button';
import { cn } from '~/app/components/ui/cn';
import { toast } from '~/app/toast/toast';
import { mayOpenPage, type StaffRole } from '~/shared/staff/back-office-access';

export const ADMIN_LINKS = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingBag },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/deliveries', label: 'Deliveries', icon: Truck },
  { to: '/admin/bake-days', label: 'Bake Days', icon: CalendarDays },
  { to: '/admin/recipes', label: 'Recipes', icon: ChefHat },
  { to: '/admin/discounts', label: 'Discounts', icon: TicketPercent },
  { to: '/admin/gift-cards', label: 'Gift cards', icon: Gift },
  { to: '/admin/subscriptions', label: 'Subscriptions', icon: Repeat },
  { to: '/admin/messages', label: 'Messages', icon: Mail },
  { to: '/admin/reviews', label: 'Reviews', icon: Star },
  { to: '/admin/trade', label: 'Trade', icon: Store },
  { to: '/admin/books', label: 'Books', icon: BookOpen },
  { to: '/admin/made-to-order', label: 'Made to order', icon: Cake },
  { to: '/admin/invoices', label: 'Invoices', icon: FileText },
  { to: '/admin/emails', label: 'E-mails', icon: Send },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  { to: '/admin/activity', label: 'Activity', icon: Activity },
  { to: '/admin/staff', label: 'Staff', icon: UserCog },
] as const;

/** Signs out through better-auth, then goes to the storefront's home page. */
function useSignOut() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    const result = await signOutCall();
    if (!result.ok) {
      toast.error('Failed to sign out');
      return setBusy(false);
    }
    toast.success('Signed out successfully');
    navigate('/');
  }
  return { signOut, busy };
}

interface NavProps {
  unreadMessages: number;
  /** Only the pages this role may open are linked (the server refuses the others anyway). */
  role: StaffRole;
}

function NavList({ onNavigate, unreadMessages, role }: NavProps & { onNavigate?: () => void }) {
  const { signOut, busy } = useSignOut();
  return (
    <nav aria-label="Admin" className="flex flex-1 flex-col">
      <ul className="flex flex-col gap-1">
        {ADMIN_LINKS.filter(({ to }) => mayOpenPage(role, to)).map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/admin'}
              prefetch="intent"
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2.5 font-medium text-cocoa hover:bg-dough',
                  isActive && 'bg-dough text-caramel-dark',
                )
              }
            >
              <Icon aria-hidden className="size-5" />
              {label}
              {to === '/admin/messages' && unreadMessages > 0 && (
                // Read as "Messages 3 unread".
                <span className="ml-auto min-w-6 rounded-full bg-caramel-dark px-2 py-0.5 text-center text-xs font-semibold text-white tabular-nums">
                  {unreadMessages}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
      <Button variant="ghost" className="mt-6 justify-start gap-3 px-3" onClick={signOut} disabled={busy}>
        <LogOut aria-hidden className="size-5" />
        {busy ? 'Signing out...' : 'Sign Out'}
      </Button>
    </nav>
  );
}

function Brand({ shopName }: { shopName: string }) {
  return (
    <p className="flex items-center gap-2 font-serif text-lg font-bold text-cocoa">
      <Cookie aria-hidden className="size-6 text-caramel" />
      <span>
        {shopName}
        <span className="block font-sans text-xs font-medium tracking-wide text-cocoa-light uppercase">
          Admin
        </span>
      </span>
    </p>
  );
}

/** The back office's navigation: a sidebar on wide screens, a menu button and sheet on small ones. */
export function AdminNav({ shopName, unreadMessages, role }: NavProps & { shopName: string }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Close the sheet when the page changes some other way (e.g. the back button).
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  return (
    <>
      <aside className="sticky top-0 hidden print:hidden h-dvh w-64 shrink-0 flex-col gap-8 overflow-y-auto border-r border-crumb bg-white p-5 md:flex">
        <Brand shopName={shopName} />
        <NavList unreadMessages={unreadMessages} role={role} />
      </aside>
      <header className="sticky top-0 z-40 flex items-center justify-between border-b border-crumb bg-white px-4 py-2 md:hidden print:hidden">
        <Brand shopName={shopName} />
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="relative"
              aria-label={
                unreadMessages > 0 ? `Open admin menu, ${unreadMessages} unread messages` : 'Open admin menu'
              }
            >
              <Menu aria-hidden className="size-6" />
              {unreadMessages > 0 && (
                <span aria-hidden className="absolute top-1 right-1 size-2.5 rounded-full bg-caramel-dark" />
              )}
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-cocoa/60" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-cream p-5 shadow-xl"
            >
              <div className="flex items-center justify-between gap-2">
                <Dialog.Title className="font-serif text-xl font-bold text-cocoa">Admin menu</Dialog.Title>
                <Dialog.Close asChild>
                  <Button variant="ghost" size="icon" aria-label="Close menu">
                    <X aria-hidden className="size-6" />
                  </Button>
                </Dialog.Close>
              </div>
              <NavList unreadMessages={unreadMessages} role={role} onNavigate={() => setOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </header>
    </>
  );
}
