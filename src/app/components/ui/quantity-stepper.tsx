import { Minus, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** Names what is counted, for screen readers, e.g. "Dark Chocolate & Sea Salt". */
  label: string;
  min?: number;
  disabled?: boolean;
  /** The number can also be typed (e.g. 24 for a party) instead of only stepped. */
  typeable?: boolean;
}

/** A quantity with minus and plus buttons; never goes below `min` (default 1), no maximum. */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  disabled = false,
  typeable = false,
}: QuantityStepperProps) {
  return (
    <div className="inline-flex items-center gap-1">
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={`Decrease quantity of ${label}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <Minus aria-hidden className="size-4" />
      </Button>
      {typeable ? (
        <TypedQuantity value={value} onChange={onChange} label={label} min={min} disabled={disabled} />
      ) : (
        <output
          aria-live="polite"
          aria-label={`Quantity of ${label}`}
          className="w-10 text-center font-semibold"
        >
          {value}
        </output>
      )}
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={`Increase quantity of ${label}`}
        disabled={disabled}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden className="size-4" />
      </Button>
    </div>
  );
}

/** The typed number; a blank or too small entry goes back to the last good quantity on leaving. */
function TypedQuantity({
  value,
  onChange,
  label,
  min,
  disabled,
}: Required<Omit<QuantityStepperProps, 'typeable'>>) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <input
      type="number"
      inputMode="numeric"
      min={min}
      step={1}
      aria-label={`Quantity of ${label}`}
      disabled={disabled}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (Number.isInteger(n) && n >= min) onChange(n);
      }}
      onBlur={() => setText(String(value))}
      className="h-10 w-16 rounded-md border border-cocoa/30 bg-white text-center font-semibold"
    />
  );
}
