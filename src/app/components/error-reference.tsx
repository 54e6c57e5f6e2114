import { createContext, useContext, useState } from 'react';

/** The failed request's id, given by the server when it draws a 500 page (entry.server.tsx). */
export const ErrorReferenceContext = createContext<string | null>(null);

const ELEMENT_ID = 'error-reference';

/**
 * "Quote this reference": the failed request's id (X-Request-Id, on the error's log line), so the
 * owner can find what went wrong from what a customer reads out. The server draws it; in the
 * browser, hydrating the same page, it is read back from what the server drew.
 */
export function ErrorReference() {
  const fromServer = useContext(ErrorReferenceContext);
  const [reference] = useState(
    () =>
      fromServer ??
      (typeof document === 'undefined' ? null : (document.getElementById(ELEMENT_ID)?.textContent ?? null)),
  );
  if (!reference) return null;
  return (
    <p className="mb-6 text-sm text-cocoa-light">
      If it keeps happening, contact us and quote this reference:
      <code id={ELEMENT_ID} className="mt-1 block select-all break-all font-mono text-cocoa">
        {reference}
      </code>
    </p>
  );
}
