import { Form, useNavigation } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import {
  CONSENT_OPT_IN,
  CONSENT_SOURCE_LABELS,
  CONSENT_WITHDRAW_ACCOUNT,
  type ConsentRecord,
} from '~/shared/marketing/consent';

/** The customer's marketing choice, its history, and the one button that changes it (decision 081). */
export function MarketingCard({
  consents,
  history,
}: {
  consents: boolean;
  history: (ConsentRecord & { when: string })[];
}) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Card role="region" className="p-5 sm:p-8" aria-labelledby="marketing-heading">
      <h2 id="marketing-heading" className="mb-2 text-2xl font-bold">
        Marketing e-mails
      </h2>
      <p className="mb-4" role="status">
        {consents
          ? 'You get our news and offers by e-mail, and one reminder if you leave cookies in your basket.'
          : 'You do not get marketing e-mails from us. Order e-mails still come.'}
      </p>
      <Form method="post" className="mb-6 flex flex-col gap-3">
        <input type="hidden" name="intent" value="marketing" />
        <input type="hidden" name="consent" value={consents ? 'withdraw' : 'give'} />
        {!consents && <p className="text-sm text-cocoa-light">{CONSENT_OPT_IN}</p>}
        <div>
          <Button type="submit" variant={consents ? 'outline' : 'primary'} disabled={busy}>
            {consents ? CONSENT_WITHDRAW_ACCOUNT : 'Yes, send me marketing e-mails'}
          </Button>
        </div>
      </Form>
      {history.length > 0 && (
        <>
          <h3 className="mb-2 text-lg font-semibold">Your choices so far</h3>
          <ul className="flex flex-col gap-2 text-sm" aria-label="Your marketing choices">
            {history.map((r) => (
              <li key={r.at} className="rounded-md border border-crumb p-3">
                <strong>{r.given ? 'Consent given' : 'Consent withdrawn'}</strong>, {r.when},{' '}
                {CONSENT_SOURCE_LABELS[r.source].toLowerCase()}: “{r.wording}”
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
