import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { pagePolicy } from '~/server/http/content-security-policy';
import { isBrowsePage } from '~/shared/browse-pages';
import { ErrorReferenceContext } from './components/error-reference';
import { deferHydration } from './server/defer-hydration.server';
import { hashMarkedScripts, renderMarker } from './server/inline-scripts.server';

const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders the whole page before sending it (onAllReady), so the first response carries all of
 * the page's content for shoppers, search engines and link previews alike. The page's
 * Content-Security-Policy allows exactly the inline scripts this render wrote, by hash.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const deferScripts = isBrowsePage(new URL(request.url).pathname);
  const marker = renderMarker();
  let timer: NodeJS.Timeout | undefined;
  const page = new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      // A failed page shows its request's id for the customer to quote (components/error-reference).
      <ErrorReferenceContext value={responseStatusCode >= 500 ? loadContext.requestId : null}>
        <ServerRouter context={routerContext} url={request.url} nonce={marker} />
      </ErrorReferenceContext>,
      {
        nonce: marker,
        // A completed Suspense boundary stays where it is in the HTML. Past this many bytes React
        // would move it to the end of the document with a script to put it back: the page would
        // need JavaScript to show its footer (decision 059).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
          pipe(body);
          text(body).then((rendered) => {
            const { html, hashes } = hashMarkedScripts(
              deferScripts ? deferHydration(rendered, marker) : rendered,
              marker,
            );
            responseHeaders.set('Content-Security-Policy', pagePolicy(hashes));
            resolve(new Response(html, { headers: responseHeaders, status }));
          }, reject);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    timer = setTimeout(abort, RENDER_TIMEOUT_MS + 1000);
  });
  // The timer holds everything the render touched (request, loader data, the HTML) until it
  // fires: 11 s of every page answered, ~1 GB at a few hundred pages a second. Let go once settled.
  return page.finally(() => clearTimeout(timer));
}

/**
 * Loader and action failures: kept for the server (a lost database is a 503), logged unless the
 * visitor left or the request was the visitor's mistake (a POST to a page without a form: 405).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const { errors, services, requestId } = context as Partial<AppLoadContext>;
  errors?.push(error);
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // With the request's id, as on its request line and its 500 page.
  if (services) services.log.error({ err: error, reqId: requestId }, 'page failed');
  else console.error(error);
};
