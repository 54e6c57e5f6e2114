import { data, Link } from 'react-router';
import { pageMeta } from '~/app/seo/meta';
import { getUser } from '~/app/server/guards.server';
import type { Route } from './+types/back-in-stock';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Tell me when it’s back', description: 'We e-mail you once.', noIndex: true });

/** The sold-out product page's form: one e-mail when it can be ordered again (no consent needed: asked for). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const productId = form.get('product_id');
  const user = await getUser(request, context);
  // One request per address per product; a flood from one address is stopped like the contact form.
  await context.services.rateLimiter.hit(
    `back-in-stock:${context.clientIp}`,
    20,
    3600,
    'Too many requests. Please try again later.',
  );
  try {
    const asked = await context.services.marketing.askBackInStock({
      productId,
      email: form.get('email'),
      day: form.get('day'),
      profileId: user?.role === 'customer' ? user.id : null,
    });
    return data({ ok: true as const, ...asked, productId: String(productId) });
  } catch (err) {
    const message = err instanceof Error ? err.message : 'Something went wrong.';
    return data({ ok: false as const, message, productId: String(productId ?? '') }, { status: 400 });
  }
}

export default function BackInStock({ actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">Tell me when it’s back</h1>
      {actionData?.ok ? (
        <p role="status">
          {actionData.day
            ? `Thank you. We will e-mail ${actionData.email} once, if a place comes back for ${actionData.productName} on ${actionData.day}.`
            : `Thank you. We will e-mail ${actionData.email} once, when ${actionData.productName} can be ordered again.`}
        </p>
      ) : (
        <p role="alert">{actionData?.message ?? 'Nothing was asked.'}</p>
      )}
      {!actionData && (
        <p className="mt-6">
          <Link to="/shop" className="font-medium text-caramel-dark underline">
            Back to the shop
          </Link>
        </p>
      )}
      {actionData?.productId && (
        <p className="mt-6">
          <Link to={`/product/${actionData.productId}`} className="font-medium text-caramel-dark underline">
            Back to the product
          </Link>
        </p>
      )}
    </main>
  );
}
