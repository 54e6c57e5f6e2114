import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { Button } from './button';

interface ConfirmDialogProps {
  /** The button that opens it; leave it out when the caller opens it with `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The button that changes nothing: "Cancel", "Keep order". */
  keep: string;
  /** The confirming (danger) button's words. */
  confirm: ReactNode;
  onConfirm: () => void;
  /**
   * Given: confirming leaves the dialog open, both buttons disabled while `busy`, until the caller
   * closes it when the answer comes. Left out: confirming closes the dialog at once.
   */
  busy?: boolean;
}

/** "Are you sure?" before a change that cannot be taken back (delete, cancel, refund). */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  keep,
  confirm,
  onConfirm,
  busy,
}: ConfirmDialogProps) {
  const waits = busy !== undefined;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange?.(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{keep}</AlertDialogCancel>
          {waits ? (
            <Button variant="danger" disabled={busy} onClick={onConfirm}>
              {confirm}
            </Button>
          ) : (
            <AlertDialogAction onClick={onConfirm}>{confirm}</AlertDialogAction>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
