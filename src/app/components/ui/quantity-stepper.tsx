import { Minus, Plus } from 'lucide-react';
import { Button } from './button';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** Names what is counted, for screen readers, e.g. "Dark Chocolate & Sea Salt". */
  label: string;
  min?: number;
  disabled?: boolean;
}

/** A quantity with minus and plus buttons; never goes below `min` (default 1), no maximum. */
export function QuantityStepper({ value, onChange, label, min = 1, disabled = false }: QuantityStepperProps) {
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
      <output
        aria-live="polite"
        aria-label={`Quantity of ${label}`}
        className="w-10 text-center font-semibold"
      >
        {value}
      </output>
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
