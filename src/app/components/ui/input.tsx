import type { ComponentProps } from 'react';
import { cn } from '~/app/components/ui/cn';

const field =
  'w-full rounded-md border border-cocoa/30 bg-white px-3 text-base text-cocoa placeholder:text-cocoa-light/70 focus-visible:border-caramel-dark aria-[invalid=true]:border-red-700';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(field, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-32 py-2', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn('mb-1 block text-sm font-medium text-cocoa', className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(field, 'h-10 pr-8', className)} {...props} />;
}
