import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { data, useActionData, useFetcher, useRouteLoaderData } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label, Textarea } from '~/app/components/ui/input';
import type { loader as rootLoader } from '~/app/root';
import { pageMeta } from '~/app/seo/meta';
import { getUser } from '~/app/server/guards.server';
import { refusalOf } from '~/app/server/service-errors.server';
import { toast } from '~/app/toast/toast';
import { CONTACT_LIMITS } from '~/shared/schemas/contact-limits';
import type { Route } from './+types/contact';

const SENT_MESSAGE = "Thank you for your message! We'll be in touch soon.";
const FAILED_MESSAGE = 'Failed to send message. Please try again or email us directly.';

type Field = 'name' | 'email' | 'message';
type Result =
  | { ok: true }
  | { ok: false; error: string; fields?: Partial<Record<Field, string>>; values?: Record<Field, string> };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Contact Us',
    description:
      'Questions about our handmade cookies, an order or a gift? Send Shropshire Cookie Co. a message, call us during business hours or email us.',
    path: '/contact',
  });

/** The form posts here, with or without JavaScript; the contact service validates and stores. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = {
    name: String(form.get('name') ?? ''),
    email: String(form.get('email') ?? ''),
    message: String(form.get('message') ?? ''),
  };
  try {
    const sender = await getUser(request, context);
    await context.services.contact.send(values, context.clientIp, sender?.id ?? null);
    return { ok: true } satisfies Result;
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    const result: Result = { ok: false, error: refused.message, fields: refused.fields, values };
    return data(result, { status: refused.status });
  }
}

/** With JavaScript: a lost connection or server error becomes a failure toast, not an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<Result> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, error: FAILED_MESSAGE };
  }
}

export default function Contact() {
  const { shop } = useRouteLoaderData<typeof rootLoader>('root')!;
  return (
    <main>
      <header className="bg-dough">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center">
          <h1 className="text-4xl font-bold sm:text-5xl">Contact Us</h1>
          <p className="mt-4 text-lg text-cocoa-light">
            A question about our cookies, an order or a gift? Send us a message and we will get back to you
            soon.
          </p>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[3fr_2fr]">
        <ContactForm />
        <section aria-labelledby="contact-details" className="space-y-4">
          <h2 id="contact-details" className="text-2xl font-bold">
            Get in Touch
          </h2>
          <Detail icon={<Mail aria-hidden className="size-5" />} title="Email">
            {/* The footer's, the receipts' and the contact form's address first; the info
                address, where the shop has one of its own, said to be for everything else. */}
            <MailTo address={shop.email} />
            {shop.infoEmail !== shop.email && (
              <>
                <p className="text-sm text-cocoa-light">About an order, a delivery or a gift card</p>
                <p className="mt-3">
                  <MailTo address={shop.infoEmail} />
                </p>
                <p className="text-sm text-cocoa-light">General enquiries: anything else</p>
              </>
            )}
          </Detail>
          {shop.phone && (
            <Detail icon={<Phone aria-hidden className="size-5" />} title="Phone">
              <a
                href={`tel:${shop.phone.replace(/\s+/g, '')}`}
                className="font-medium text-caramel-dark underline-offset-2 hover:underline"
              >
                {shop.phone}
              </a>
              <p className="text-sm text-cocoa-light">Available during business hours</p>
            </Detail>
          )}
          <Detail icon={<MapPin aria-hidden className="size-5" />} title="Location">
            {shop.address ? <address className="not-italic">{shop.address}</address> : <p>Shropshire, UK</p>}
          </Detail>
          <Detail icon={<Clock aria-hidden className="size-5" />} title="Business Hours">
            <dl className="space-y-1">
              {shop.hours.map((h) => (
                <div key={h.days} className="flex flex-wrap justify-between gap-x-4">
                  <dt>{h.days}</dt>
                  <dd className="font-medium whitespace-nowrap">{h.hours}</dd>
                </div>
              ))}
            </dl>
          </Detail>
        </section>
      </div>
    </main>
  );
}

function MailTo({ address }: { address: string }) {
  return (
    <a
      href={`mailto:${address}`}
      className="font-medium break-all text-caramel-dark underline-offset-2 hover:underline"
    >
      {address}
    </a>
  );
}

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="flex gap-4 p-5">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-dough text-caramel-dark">
        {icon}
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="mb-1 font-sans text-base font-semibold">{title}</h3>
        {children}
      </div>
    </Card>
  );
}

function ContactForm() {
  const fetcher = useFetcher<typeof clientAction>();
  // Filled only when the form was posted without JavaScript (a full page load).
  const posted = useActionData<typeof action>() as Result | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== 'idle';
  const result = fetcher.data ?? posted;
  const fields = result && !result.ok ? result.fields : undefined;
  const values = posted && !posted.ok ? posted.values : undefined;

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(SENT_MESSAGE);
      formRef.current?.reset();
    } else {
      const detail = fetcher.data.error === FAILED_MESSAGE ? undefined : fetcher.data.error;
      toast.error(FAILED_MESSAGE, { description: detail });
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <Card className="p-6 sm:p-8">
      <h2 className="mb-6 text-2xl font-bold">Send Us a Message</h2>
      {posted && (
        <p
          role={posted.ok ? 'status' : 'alert'}
          className={
            posted.ok
              ? 'mb-6 rounded-md bg-green-50 p-3 text-green-900'
              : 'mb-6 rounded-md bg-red-50 p-3 text-red-900'
          }
        >
          {posted.ok ? SENT_MESSAGE : `${FAILED_MESSAGE} ${posted.error}`}
        </p>
      )}
      <fetcher.Form ref={formRef} method="post" className="space-y-5" aria-busy={sending}>
        <FormField id="contact-name" label="Name" error={fields?.name}>
          {(props) => (
            <Input
              {...props}
              name="name"
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.name}
              defaultValue={values?.name}
            />
          )}
        </FormField>
        <FormField id="contact-email" label="Email" error={fields?.email}>
          {(props) => (
            <Input
              {...props}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={CONTACT_LIMITS.email}
              defaultValue={values?.email}
            />
          )}
        </FormField>
        <FormField id="contact-message" label="Message" error={fields?.message}>
          {(props) => (
            <Textarea
              {...props}
              name="message"
              rows={6}
              required
              maxLength={CONTACT_LIMITS.message}
              defaultValue={values?.message}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </fetcher.Form>
    </Card>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function FormField(props: {
  id: string;
  label: string;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div>
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children({
        id: props.id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': props.error ? errorId : undefined,
      })}
      {props.error && (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {props.error}
        </p>
      )}
    </div>
  );
}
