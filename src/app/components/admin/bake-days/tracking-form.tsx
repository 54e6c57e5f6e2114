import { Upload } from 'lucide-react';
import { Form } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { cn } from '~/app/components/ui/cn';
import { Input, Label, Textarea } from '~/app/components/ui/input';
import type { TrackingReport } from '~/server/dispatch/tracking-upload';

/**
 * Tracking numbers for the day's parcels, pasted or as a CSV file (order number, tracking number):
 * each order is marked shipped and its customer e-mailed once. One wrong line and nothing changes.
 */
export function TrackingForm({ busy, error }: { busy: boolean; error: string | null }) {
  return (
    <Card className="mb-6 p-4 print:hidden">
      <h2 className="font-sans text-lg font-semibold">Add tracking numbers</h2>
      <p className="mt-1 text-sm text-cocoa-light">
        One parcel a line: order number, tracking number. Each order is marked shipped and its customer
        e-mailed once. If any line is wrong, nothing is changed.
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="tracking" />
        <div>
          <Label htmlFor="tracking-lines">Paste lines</Label>
          <Textarea
            id="tracking-lines"
            name="tracking"
            spellCheck={false}
            autoCapitalize="off"
            placeholder={'1a2b3c4d, AB123456789GB\n5e6f7a8b, AB987654321GB'}
            className="font-mono"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'tracking-error' : undefined}
          />
        </div>
        <div>
          <Label htmlFor="tracking-file">Or upload a CSV file</Label>
          <Input
            id="tracking-file"
            name="file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="py-2"
          />
        </div>
        {error && (
          <p id="tracking-error" role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy} className="self-start">
          <Upload aria-hidden className="size-4" />
          Mark shipped
        </Button>
      </Form>
    </Card>
  );
}

/** What the upload did, line by line: shipped, already shipped, or what is wrong. */
export function TrackingReportView({ report }: { report: TrackingReport }) {
  const wrong = report.lines.filter((l) => l.outcome === 'error').length;
  return (
    <section
      aria-label="Tracking upload"
      role="status"
      className={cn(
        'mb-6 rounded-md border p-4 print:hidden',
        report.applied ? 'border-green-300 bg-green-50' : 'border-red-300 bg-red-50',
      )}
    >
      <p className="font-semibold">
        {report.applied
          ? `${report.shipped} ${report.shipped === 1 ? 'order' : 'orders'} marked shipped.`
          : `Nothing was changed: ${wrong} ${wrong === 1 ? 'line needs' : 'lines need'} putting right.`}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {report.lines.map((l) => (
          <li key={l.line} className={l.outcome === 'error' ? 'text-red-900' : undefined}>
            Line {l.line}
            {l.order ? ` (${l.order})` : ''}: {l.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
