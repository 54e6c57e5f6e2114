import { AlertDialog as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/app/components/ui/cn';
import { Button, type ButtonProps } from './button';

/**
 * A confirmation that interrupts: focus moves into it, Escape or Cancel closes it, and screen
 * readers announce its title and description (Radix AlertDialog, shadcn-style parts).
 */
export const AlertDialog = Primitive.Root;
export const AlertDialogTrigger = Primitive.Trigger;

export function AlertDialogContent({
  className,
  children,
  ...props
}: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-cocoa/60" />
      <Primitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn('font-serif text-xl font-bold text-cocoa', className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={cn('mt-2 text-cocoa-light', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

/** Closes the dialog; looks like an outline Button. */
export function AlertDialogCancel({ variant = 'outline', ...props }: ButtonProps) {
  return (
    <Primitive.Cancel asChild>
      <Button variant={variant} {...props} />
    </Primitive.Cancel>
  );
}

/** Confirms and closes the dialog; looks like a danger Button. */
export function AlertDialogAction({ variant = 'danger', ...props }: ButtonProps) {
  return (
    <Primitive.Action asChild>
      <Button variant={variant} {...props} />
    </Primitive.Action>
  );
}
