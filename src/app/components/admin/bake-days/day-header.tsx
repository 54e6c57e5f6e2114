import { ChevronLeft } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { cn } from '~/app/components/ui/cn';

/** The title of a day's sheets and the links between them. */
export function DayHeader({ date, label, title }: { date: string; label: string; title: string }) {
  const links = [
    { to: `/admin/bake-days/${date}`, text: 'Bake list' },
    { to: `/admin/bake-days/${date}/production`, text: 'Production sheet' },
    { to: `/admin/bake-days/${date}/labels`, text: 'Labels' },
    { to: `/admin/bake-days/${date}/slips`, text: 'Packing slips' },
    { to: `/admin/bake-days/${date}/run-sheet`, text: 'Run sheet' },
    { to: `/admin/bake-days/${date}/collections`, text: 'Collection list' },
    { to: `/admin/bake-days/${date}/dispatch`, text: 'Dispatch list' },
  ];
  return (
    <header className="mb-6">
      <Link
        to="/admin/bake-days"
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-caramel-dark hover:underline print:hidden"
      >
        <ChevronLeft aria-hidden className="size-4" />
        Bake Days
      </Link>
      <h1 className="text-3xl font-bold">
        {title} <span className="block text-xl font-semibold text-cocoa-light sm:inline">{label}</span>
      </h1>
      <nav aria-label="This day's sheets" className="mt-4 flex flex-wrap gap-2 print:hidden">
        {links.map((l) => (
          <NavLink
            key={l.to}
            to={l.to}
            end
            className={({ isActive }) =>
              cn(
                'inline-flex h-10 items-center rounded-md border border-cocoa/30 bg-white px-4 font-medium hover:bg-dough',
                isActive && 'border-caramel-dark bg-dough text-caramel-dark',
              )
            }
          >
            {l.text}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
