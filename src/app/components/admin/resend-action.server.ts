import { type AppLoadContext, data } from 'react-router';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';

/** The E-mails pages' action: `intent=resend` with the e-mail's `id`. */
export async function resendAction(request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (intent === 'resend') {
    return runPageAction(context, intent, () => context.services.mail.outbox.resend(field(form, 'id')));
  }
  return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
}
