import { type ReactNode, useId, useState } from 'react';
import { Button } from '~/app/components/ui/button';
import { Input } from '~/app/components/ui/input';

/**
 * One code typed at checkout and checked by the server before it is kept: the discount code and
 * each gift card (decision 044) use this form. `check` asks the server (a quote with the code);
 * when it throws `refused`, the code is not applied and its message says why. `children` shows
 * what is applied (with its Remove button).
 */
export function CodeEntryForm({
  label,
  name,
  maxLength,
  placeholder,
  buttonLabel,
  refused,
  check,
  children,
}: {
  /** "Discount code", "Gift card": also "Enter a discount code" when it is empty. */
  label: string;
  name: string;
  maxLength: number;
  placeholder?: string;
  /** The button's accessible name when "Apply" alone would be ambiguous. */
  buttonLabel?: string;
  refused: new (...args: never[]) => Error;
  check: (code: string) => Promise<unknown>;
  children?: ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(e: React.FormEvent) {
    e.preventDefault();
    const code = text.trim();
    if (!code) return setError(`Enter a ${label.toLowerCase()}`);
    setBusy(true);
    try {
      await check(code);
      setError(null);
      setText('');
    } catch (err) {
      setError(err instanceof refused ? err.message : 'Could not check it. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 border-t border-crumb pt-4">
      <form onSubmit={apply}>
        <label htmlFor={`${id}-code`} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <div className="flex gap-2">
          <Input
            id={`${id}-code`}
            name={name}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={maxLength}
            placeholder={placeholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="uppercase placeholder:normal-case"
          />
          <Button
            type="submit"
            variant="outline"
            disabled={busy}
            aria-label={buttonLabel}
            className="shrink-0"
          >
            {busy ? 'Checking...' : 'Apply'}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
