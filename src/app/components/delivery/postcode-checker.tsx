import { useState } from 'react';
import { callApi } from '~/app/api/api-client';
import { Button } from '~/app/components/ui/button';
import { Input } from '~/app/components/ui/input';

/**
 * "Do you deliver to me?" without signing in: the server answers in a sentence
 * ("SY3 8AB: Local van, £2.50 (free over £25), next delivery Friday 4 December"), so this
 * carries no zone logic of its own.
 */
export function PostcodeChecker() {
  const [answer, setAnswer] = useState('');
  return (
    <form
      className="mt-6 flex flex-wrap items-end gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const postcode = new FormData(e.currentTarget).get('postcode');
        setAnswer('Checking…');
        const answer = await callApi<{ message: string }>(
          'GET',
          `/api/checkout/delivery-check?postcode=${encodeURIComponent(String(postcode))}`,
        );
        setAnswer((answer.ok ? answer.body.message : answer.message) ?? 'Please try again in a moment');
      }}
    >
      <div className="grid gap-1">
        <label htmlFor="check-postcode" className="text-sm font-medium">
          Check delivery to your postcode
        </label>
        <Input
          id="check-postcode"
          name="postcode"
          autoComplete="postal-code"
          required
          maxLength={10}
          className="w-36"
        />
      </div>
      <Button type="submit" variant="outline">
        Check
      </Button>
      <p role="status" className="w-full text-sm">
        {answer}
      </p>
    </form>
  );
}
