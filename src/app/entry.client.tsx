import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { prepareCn } from './components/ui/cn';

/**
 * React Router's default entry, with the start of hydration cut into tasks (decision 059): on a
 * slow phone each step is time the visitor's taps wait behind, and a task of its own between
 * them lets the browser answer in between. First `cn`'s two set-up steps, which would otherwise
 * run inside the first render of a button, then hydration itself, rendered in slices as before.
 */
const steps = [
  ...prepareCn,
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
];

function next() {
  steps.shift()?.();
  if (steps.length) setTimeout(next, 0);
}
setTimeout(next, 0);
