import { FlaskConical } from 'lucide-react';

/** The words every page carries while the built-in test payment page takes the payments. */
export const TEST_MODE_TEXT = 'Test mode: no real payments';

/** Shown on every page when the shop runs with PAYMENTS=test, so nobody mistakes it for a real shop. */
export function TestModeBanner() {
  return (
    <div
      role="note"
      className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-center text-sm font-bold tracking-wide text-cocoa uppercase"
    >
      <FlaskConical aria-hidden className="size-4" />
      {TEST_MODE_TEXT}
    </div>
  );
}
