import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { aria, Field } from '~/app/components/ui/field';
import { Input, Select, Textarea } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { getUser } from '~/app/server/guards.server';
import { refusalOf } from '~/app/server/service-errors.server';
import {
  earliestWanted,
  MADE_TO_ORDER_LEAD_DAYS,
  MAX_PICTURES,
  MAX_QUANTITY,
  OCCASIONS,
  PICTURE_TYPES,
  PICTURES_TOO_LARGE,
  picturesRefusal,
} from '~/shared/made-to-order/made-to-order';
import { formatBakeDay, londonDate } from '~/shared/time/london-time';
import type { Route } from './+types/enquiry';

const FIELDS = [
  'occasion',
  'dateWanted',
  'fulfilment',
  'quantity',
  'wording',
  'designNotes',
  'budget',
  'name',
  'email',
] as const;
type FieldName = (typeof FIELDS)[number];
type Result =
  | { ok: true; signedIn: boolean; email: string }
  | {
      ok: false;
      error: string;
      fields?: Partial<Record<FieldName | 'pictures', string>>;
      values: Record<FieldName, string>;
      /** Pictures were chosen: a page cannot keep them, so the customer chooses them again. */
      picturesDropped: boolean;
    };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Made to order',
    description:
      'Wedding favours, company logos, birthday names: ask us for celebration cookies made to order, with a quote by e-mail.',
    path: '/made-to-order',
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const refused = new URL(request.url).searchParams.get('refused');
  return data(
    {
      user: user && user.role !== 'admin' ? { name: user.name, email: user.email } : null,
      earliest: earliestWanted(londonDate(new Date())),
      // Sent back here by the server's body limit (a form posted without JavaScript).
      picturesTooLarge: refused === 'pictures-too-large',
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Posts with or without JavaScript; the service checks everything and saves nothing on a refusal. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(
    FIELDS.map((f) => [f, typeof form.get(f) === 'string' ? String(form.get(f)) : '']),
  ) as Record<FieldName, string>;
  const files = form.getAll('pictures').filter((f): f is File => typeof f !== 'string' && f.size > 0);
  try {
    const user = await getUser(request, context);
    const pictures = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
    await context.services.madeToOrder.enquire(
      {
        fields: { ...values, budget: values.budget || undefined },
        pictures,
        pictureNames: files.map((f) => f.name),
      },
      context.clientIp,
      user && user.role !== 'admin' ? user.id : null,
    );
    return { ok: true, signedIn: !!user, email: values.email } satisfies Result;
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    const result: Result = {
      ok: false,
      error: refused.message,
      fields: refused.fields,
      values,
      picturesDropped: files.length > 0,
    };
    return data(result, { status: refused.status });
  }
}

export default function MadeToOrderEnquiry({ loaderData }: Route.ComponentProps) {
  const { user, earliest, picturesTooLarge } = loaderData;
  const result = useActionData<typeof action>() as Result | undefined;
  const busy = useNavigation().state === 'submitting';
  // The pictures as checked here before sending (the server checks them again, and more).
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  // After an answer, keyboard and screen-reader users land on it: the thanks, or the first field
  // the server refused (or the message above the button when no one field is to blame).
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      thanksRef.current?.focus();
      return;
    }
    const form = formRef.current;
    const first =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('#enquiry-refused');
    first?.focus();
  }, [result]);
  if (result?.ok) {
    return (
      <main className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 ref={thanksRef} tabIndex={-1} className="mb-3 text-3xl font-bold outline-none">
          Thank you for your enquiry
        </h1>
        <Card className="p-6" role="status">
          <p className="text-lg">
            We have your enquiry and will e-mail a quote to {result.email}, usually within two working days.
          </p>
          {!result.signedIn && (
            <p className="mt-4">
              Create an account to follow your orders in one place:{' '}
              <Link to="/auth?redirectTo=%2Faccount" className="font-medium text-caramel-dark underline">
                create an account
              </Link>{' '}
              (optional: the quote comes by e-mail either way).
            </p>
          )}
        </Card>
      </main>
    );
  }
  const refused = result && !result.ok ? result : null;
  const v = refused?.values;
  const err = (f: FieldName | 'pictures') => {
    const m = f === 'pictures' && pictureProblem ? pictureProblem : refused?.fields?.[f];
    return m ? { message: m } : undefined;
  };
  const picturesHint = `Up to ${MAX_PICTURES} photos: JPEG, PNG, WebP or AVIF, 10 MB each at most${
    refused?.picturesDropped && !refused.fields?.pictures ? '. Please choose your pictures again.' : ''
  }`;
  const checkPictures = (input: HTMLInputElement) => {
    const problem = picturesRefusal(Array.from(input.files ?? []));
    setPictureProblem(problem);
    return problem;
  };
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="mb-3 text-3xl font-bold">Made to order</h1>
      <p className="mb-6 text-cocoa-light">
        Wedding favours, a company logo, a birthday set with names: tell us what you have in mind and we will
        send you a quote by e-mail. We need at least {MADE_TO_ORDER_LEAD_DAYS} days’ notice. A deposit books
        your date; the balance is paid before the day.
      </p>
      {picturesTooLarge && !result && (
        <p role="alert" className="mb-4 font-medium text-red-700">
          {PICTURES_TOO_LARGE}
        </p>
      )}
      <Card className="p-4 sm:p-6">
        <Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          className="space-y-5"
          noValidate
          onSubmit={(event) => {
            const input = event.currentTarget.elements.namedItem('pictures');
            if (input instanceof HTMLInputElement && checkPictures(input)) {
              event.preventDefault();
              input.focus();
            }
          }}
        >
          <Field id="occasion" label="Occasion" error={err('occasion')}>
            <Select
              id="occasion"
              name="occasion"
              defaultValue={v?.occasion ?? 'Wedding'}
              {...aria('occasion', err('occasion'))}
            >
              {OCCASIONS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </Select>
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              id="dateWanted"
              label="Date wanted"
              hint={`${formatBakeDay(earliest)} or later`}
              error={err('dateWanted')}
            >
              <Input
                id="dateWanted"
                name="dateWanted"
                type="date"
                min={earliest}
                required
                defaultValue={v?.dateWanted}
                {...aria('dateWanted', err('dateWanted'), true)}
              />
            </Field>
            <Field
              id="quantity"
              label="How many cookies"
              hint={`1 to ${MAX_QUANTITY}`}
              error={err('quantity')}
            >
              <Input
                id="quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_QUANTITY}
                required
                defaultValue={v?.quantity}
                {...aria('quantity', err('quantity'), true)}
              />
            </Field>
          </div>
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Delivery or collection</legend>
            <div className="flex flex-wrap gap-6">
              {(['delivery', 'collection'] as const).map((f) => (
                <label key={f} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="fulfilment"
                    value={f}
                    defaultChecked={(v?.fulfilment || 'delivery') === f}
                  />
                  {f === 'delivery' ? 'Delivery' : 'Collect from the bakery'}
                </label>
              ))}
            </div>
            {err('fulfilment') && (
              <p className="mt-1 text-sm font-medium text-red-700">{err('fulfilment')!.message}</p>
            )}
          </fieldset>
          <Field
            id="wording"
            label="Wording on the cookies"
            hint="Names, dates, a message"
            error={err('wording')}
          >
            <Textarea
              id="wording"
              name="wording"
              defaultValue={v?.wording}
              {...aria('wording', err('wording'), true)}
            />
          </Field>
          <Field
            id="designNotes"
            label="Design notes"
            hint="Colours, theme, shapes, packaging"
            error={err('designNotes')}
          >
            <Textarea
              id="designNotes"
              name="designNotes"
              defaultValue={v?.designNotes}
              {...aria('designNotes', err('designNotes'), true)}
            />
          </Field>
          <Field
            id="pictures"
            label="Reference pictures (optional)"
            hint={picturesHint}
            error={err('pictures')}
          >
            <Input
              id="pictures"
              name="pictures"
              type="file"
              multiple
              accept={PICTURE_TYPES.join(',')}
              className="h-auto py-2"
              onChange={(event) => checkPictures(event.currentTarget)}
              {...aria('pictures', err('pictures'), true)}
            />
          </Field>
          <Field
            id="budget"
            label="Budget in pounds (optional)"
            hint="For example 150.00"
            error={err('budget')}
          >
            <Input
              id="budget"
              name="budget"
              inputMode="decimal"
              defaultValue={v?.budget}
              {...aria('budget', err('budget'), true)}
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="name" label="Your name" error={err('name')}>
              <Input
                id="name"
                name="name"
                autoComplete="name"
                required
                defaultValue={v?.name ?? user?.name}
                {...aria('name', err('name'))}
              />
            </Field>
            <Field id="email" label="Your e-mail" error={err('email')}>
              <Input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={v?.email ?? user?.email}
                {...aria('email', err('email'))}
              />
            </Field>
          </div>
          {refused && (
            <p id="enquiry-refused" tabIndex={-1} role="alert" className="font-medium text-red-700">
              {Object.keys(refused.fields ?? {}).length > 1
                ? `Please check the ${Object.keys(refused.fields ?? {}).length} answers marked in red.`
                : refused.error}
            </p>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send enquiry'}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
