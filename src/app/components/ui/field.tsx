import { Label } from '~/app/components/ui/input';

/** aria-invalid and aria-describedby for a field with an optional error and hint. */
export const aria = (id: string, error: { message?: string } | undefined, hint = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined,
});

/** A labelled form field with its hint and error. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: { message?: string };
  children: React.ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-cocoa-light">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label beside it. */
export function Checkbox({
  id,
  label,
  ...props
}: React.ComponentProps<'input'> & { id: string; label: string }) {
  return (
    <div className="flex items-center gap-3">
      <input id={id} type="checkbox" className="size-5 accent-caramel-dark" {...props} />
      <Label htmlFor={id} className="mb-0">
        {label}
      </Label>
    </div>
  );
}
