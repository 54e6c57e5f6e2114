import type { ComponentProps } from 'react';
import { cn } from '~/app/components/ui/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-lg border border-crumb bg-white shadow-sm', className)} {...props} />;
}

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-dough px-2.5 py-0.5 text-xs font-medium text-cocoa',
        className,
      )}
      {...props}
    />
  );
}
