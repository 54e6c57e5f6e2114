import { aria, Field as LabelledField } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';

export type Errors = Partial<Record<string, string>>;

interface FieldProps extends React.ComponentProps<typeof Input> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled text input with its hint and its message (the one labelled field: ui/field.tsx). */
export function Field({ id, label, error, hint, ...props }: FieldProps) {
  const message = error ? { message: error } : undefined;
  return (
    <LabelledField id={id} label={label} hint={hint} error={message}>
      <Input id={id} {...aria(id, message, Boolean(hint))} {...props} />
    </LabelledField>
  );
}
