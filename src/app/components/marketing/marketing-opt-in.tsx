import { CONSENT_OPT_IN } from '~/shared/marketing/consent';

/**
 * The unticked box (decision 081): consent only when the customer ticks it; the words are those
 * the consent log keeps. Uncontrolled, so it works the same before and after hydration.
 */
export function MarketingOptIn({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked?: boolean;
  onChange?: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name="marketing"
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-caramel-dark"
        {...(onChange
          ? { checked: checked ?? false, onChange: (e) => onChange(e.currentTarget.checked) }
          : {})}
      />
      <label htmlFor={id} className="text-sm">
        {CONSENT_OPT_IN}
      </label>
    </div>
  );
}
