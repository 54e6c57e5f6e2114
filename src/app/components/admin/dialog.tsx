import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { Button } from '~/app/components/ui/button';
import { cn } from '~/app/components/ui/cn';

export const Dialog = Primitive.Root;

/** A centred modal panel that scrolls on small screens, with a title and a close button. */
export function DialogContent({
  title,
  description,
  className,
  children,
  ...props
}: ComponentProps<typeof Primitive.Content> & { title: string; description?: string }) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-cocoa/60" />
      <Primitive.Content
        // Radix warns unless a dialog without a description says so explicitly.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <Primitive.Title className="font-serif text-xl font-bold text-cocoa">{title}</Primitive.Title>
            {description && (
              <Primitive.Description className="mt-1 text-sm text-cocoa-light">
                {description}
              </Primitive.Description>
            )}
          </div>
          <Primitive.Close asChild>
            <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2 shrink-0">
              <X aria-hidden className="size-5" />
            </Button>
          </Primitive.Close>
        </div>
        {children}
      </Primitive.Content>
    </Primitive.Portal>
  );
}
