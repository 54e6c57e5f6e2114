import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/app/components/ui/cn';

const variants = {
  primary: 'bg-caramel-dark text-white hover:bg-cocoa',
  secondary: 'bg-dough text-cocoa hover:bg-crumb',
  outline: 'border border-cocoa/30 bg-white text-cocoa hover:bg-dough',
  ghost: 'text-cocoa hover:bg-dough',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-12 px-7 text-lg',
  icon: 'h-11 w-11',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (e.g. a Link) with the button's look. */
  asChild?: boolean;
};

export function Button({ className, variant = 'primary', size = 'md', asChild, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-60',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
