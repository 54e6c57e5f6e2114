import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { toast } from '~/app/toast/toast';

/** Shown when a page's data could not be loaded: toasts `message` once and offers a retry. */
export function LoadError({ message, toastOnShow = true }: { message: string; toastOnShow?: boolean }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (toastOnShow) toast.error(message, { id: message });
  }, [message, toastOnShow]);
  return (
    <Card role="alert" className="p-8 text-center">
      <p className="text-lg font-medium">{message}</p>
      <p className="mt-1 text-cocoa-light">Please check your connection and try again.</p>
      <Button
        variant="outline"
        className="mt-4"
        onClick={() => revalidator.revalidate()}
        disabled={revalidator.state === 'loading'}
      >
        <RefreshCw aria-hidden className="size-4" />
        {revalidator.state === 'loading' ? 'Retrying...' : 'Try again'}
      </Button>
    </Card>
  );
}

/** The empty state of an admin list. */
export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <Card className="p-10 text-center">
      <div className="mx-auto mb-3 flex justify-center text-caramel [&_svg]:size-10">{icon}</div>
      <p className="text-lg font-medium">{title}</p>
      {children}
    </Card>
  );
}
