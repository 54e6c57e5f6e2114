import { useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { aria, Field } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';
import type { PageActionResult } from '~/app/toast/use-action-toast';
import type { TraderDetails } from '~/shared/legal/trader-details';

const FIELDS: { name: keyof TraderDetails; label: string; hint?: string; required?: boolean }[] = [
  {
    name: 'legalName',
    label: 'Legal name',
    hint: 'Your own name if a sole trader, or the company’s registered name.',
    required: true,
  },
  {
    name: 'address',
    label: 'Geographic address',
    hint: 'Where you can be found: not a PO box.',
    required: true,
  },
  { name: 'email', label: 'E-mail for customers', required: true },
  { name: 'phone', label: 'Phone for customers', required: true },
  { name: 'companyNumber', label: 'Company number', hint: 'Only for a registered company.' },
  { name: 'registeredOffice', label: 'Registered office', hint: 'Only for a registered company.' },
  {
    name: 'vatNumber',
    label: 'VAT number',
    hint: 'Only if VAT registered: receipts then show the VAT included.',
  },
];

/** "Who we are": what the law asks a trader to tell customers, shown on the Legal page, receipts and order e-mails. */
export function TraderDetailsForm({ trader }: { trader: TraderDetails }) {
  const fetcher = useFetcher<PageActionResult>({ key: 'trader' });
  const saving = fetcher.state !== 'idle';
  const [edited, setEdited] = useState(false);
  const errors = (fetcher.data && !fetcher.data.ok && fetcher.data.fields) || {};
  const error = (name: string) => (errors[name] ? { message: errors[name] } : undefined);
  const result = saving || edited ? undefined : fetcher.data;
  return (
    <fetcher.Form
      method="post"
      className="space-y-4"
      onChange={() => setEdited(true)}
      onSubmit={() => setEdited(false)}
    >
      <input type="hidden" name="intent" value="trader" />
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <Field
            key={f.name}
            id={`trader-${f.name}`}
            label={f.required ? `${f.label} (required)` : f.label}
            hint={f.hint}
            error={error(f.name)}
          >
            <Input
              id={`trader-${f.name}`}
              name={f.name}
              defaultValue={trader[f.name]}
              type={f.name === 'email' ? 'email' : f.name === 'phone' ? 'tel' : 'text'}
              {...aria(`trader-${f.name}`, error(f.name), !!f.hint)}
            />
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save who we are'}
        </Button>
        <p role="status" className="text-sm font-medium">
          {result?.ok && <span className="text-green-800">Details saved</span>}
          {result && !result.ok && (
            <span className="text-red-700">
              Failed to save the details{result.error ? `: ${result.error}` : ''}
            </span>
          )}
        </p>
      </div>
    </fetcher.Form>
  );
}
