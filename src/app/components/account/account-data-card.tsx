import { Download, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { deleteAccount } from '~/app/components/account/account-client';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/app/components/ui/alert-dialog';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { toast } from '~/app/toast/toast';
import { Field } from './form-field';

const PASSWORD_REQUIRED = 'Please enter your password to confirm';

/** UK GDPR on /account: a copy of one's data, and deleting the account. */
export function AccountDataCard({ ready }: { ready: boolean }) {
  return (
    <Card className="p-5 sm:p-8">
      <h2 className="mb-2 text-2xl font-bold">Your data</h2>
      <p className="mb-6 text-cocoa-light">
        See what we keep and why in our{' '}
        <Link to="/privacy" className="font-medium text-caramel-dark underline underline-offset-4">
          privacy notice
        </Link>
        .
      </p>
      <div className="flex flex-wrap gap-3">
        {/* A plain link: the server answers with the file, so it works without JavaScript too. */}
        <Button asChild variant="outline">
          <a href="/api/account/export" download>
            <Download aria-hidden className="size-4" />
            Download my data
          </a>
        </Button>
        <DeleteAccountDialog ready={ready} />
      </div>
    </Card>
  );
}

function DeleteAccountDialog({ ready }: { ready: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) {
      setError(PASSWORD_REQUIRED);
      return;
    }
    setPending(true);
    const result = await deleteAccount(password);
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      toast.error(result.message);
      return;
    }
    setOpen(false);
    toast.success('Your account has been deleted');
    navigate('/', { replace: true });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="danger" disabled={!ready}>
          <Trash2 aria-hidden className="size-4" />
          Delete my account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete your account?</AlertDialogTitle>
        <AlertDialogDescription>
          Your name, email, phone and address are erased and you are signed out everywhere; you cannot sign in
          again. Orders stay in our tax records as "Deleted customer", and an order on its way keeps its
          delivery address until it has arrived.
        </AlertDialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-4" aria-label="Confirm deleting your account">
          <Field
            id="delete-password"
            name="password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={error}
          />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Keep my account</AlertDialogCancel>
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
