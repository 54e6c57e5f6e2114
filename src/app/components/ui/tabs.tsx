import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/app/components/ui/cn';

/**
 * Radix Tabs in the shop's look: arrow keys move between tabs, each panel is labelled by its tab.
 * `<Tabs defaultValue="a"><TabsList aria-label="..."><TabsTrigger value="a">A</TabsTrigger></TabsList>
 * <TabsContent value="a">...</TabsContent></Tabs>`
 */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn('flex flex-col gap-6', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex w-full items-center gap-1 rounded-lg bg-dough p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-md px-4 font-medium text-cocoa-light transition-colors',
        'hover:text-cocoa focus-visible:outline-2 focus-visible:outline-caramel-dark',
        'data-[state=active]:bg-white data-[state=active]:text-cocoa data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn('rounded-md focus-visible:outline-2 focus-visible:outline-caramel-dark', className)}
      {...props}
    />
  );
}
