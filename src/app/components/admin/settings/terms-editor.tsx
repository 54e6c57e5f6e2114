import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { aria, Field } from '~/app/components/ui/field';
import { Textarea } from '~/app/components/ui/input';
import type { PageActionResult } from '~/app/toast/use-action-toast';
import { termsPath } from '~/shared/legal/terms-links';

/** The terms of sale: publishing an edit makes a new version; orders already placed keep theirs. */
export function TermsEditor({ version, body }: { version: number; body: string }) {
  const fetcher = useFetcher<PageActionResult>({ key: 'terms' });
  const saving = fetcher.state !== 'idle';
  const [edited, setEdited] = useState(false);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const error = failed ? { message: failed.fields?.body ?? failed.error } : undefined;
  const result = saving || edited ? undefined : fetcher.data;
  return (
    <fetcher.Form
      method="post"
      className="space-y-4"
      onChange={() => setEdited(true)}
      onSubmit={() => setEdited(false)}
    >
      <input type="hidden" name="intent" value="terms" />
      <p className="text-cocoa-light">
        In force: version {version} (
        <Link to={termsPath(version)} className="font-medium text-caramel-dark underline underline-offset-4">
          {termsPath(version)}
        </Link>
        ). Each order keeps the version its customer agreed to.
      </p>
      <Field
        id="terms-body"
        label="Terms of sale"
        hint="Plain text. A line starting “## ” is a heading; leave a blank line between paragraphs."
        error={error}
      >
        <Textarea
          id="terms-body"
          name="body"
          rows={16}
          defaultValue={body}
          {...aria('terms-body', error, true)}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Publishing...' : 'Publish as a new version'}
        </Button>
        <p role="status" className="text-sm font-medium">
          {result?.ok && <span className="text-green-800">New version published</span>}
          {result && !result.ok && (
            <span className="text-red-700">Not published{result.error ? `: ${result.error}` : ''}</span>
          )}
        </p>
      </div>
    </fetcher.Form>
  );
}
