import { Printer } from 'lucide-react';
import { Button } from '~/app/components/ui/button';

/** Opens the browser's print dialog (hidden on paper, like every admin control). */
export function PrintButton({ children }: { children: React.ReactNode }) {
  return (
    <Button type="button" variant="outline" onClick={() => window.print()}>
      <Printer aria-hidden className="size-4" />
      {children}
    </Button>
  );
}
