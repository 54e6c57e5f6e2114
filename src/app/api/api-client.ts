/**
 * The browser's one way to call the shop's /api (checkout, the quote, signing in and out, the
 * account forms, whether the basket's order is paid, the postcode check). It reads the shared error shape, `{ error: { code, message, fields } }`, and
 * better-auth's `{ code, message }`. Kept tiny: checkout's script budget carries it.
 */
export type ApiAnswer<T> = { ok: true; body: T } | ApiRefusal;
/** A refused call; no `status`: no answer (offline, or the server unreachable). */
export type ApiRefusal = {
  ok: false;
  status?: number;
  message?: string;
  code?: string;
  fields?: Record<string, string>;
};

export async function callApi<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
  const json = await res?.json().catch(() => null);
  if (res?.ok) return { ok: true, body: json };
  const error = json?.error ?? json;
  return {
    ok: false,
    status: res?.status,
    message: error?.message,
    code: error?.code,
    fields: error?.fields,
  };
}
