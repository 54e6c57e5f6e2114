/**
 * Storefront pages are complete HTML from the server; their JavaScript only adds interactivity.
 * React Router preloads all of it (~140 KB gzip) from the <head>, where it competes with the
 * stylesheet and the hero image for a slow mobile link and holds back the first paint. This moves
 * it behind the paint: the modulepreload links come out of the HTML, the route-modules script is
 * parked under an inert type, and a tiny inline script starts both once the page has loaded and
 * painted, or at the visitor's first tap or key press, whichever comes first.
 */

// React Router may add a nonce (the render's marker, see inline-scripts.server.ts) to both.
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const ROUTE_MODULES_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;
const PARKED_ID = 'deferred-route-modules';
/** Start anyway if the load event is held up (a stalled image) for this long. */
const FALLBACK_MS = 4000;
/**
 * Each preload link the starter adds starts a fetch there and then: the ~30 of a page took one
 * 0.1-0.3 s task at 8x CPU slowdown (issue 34), so they go in a few at a time, one task each.
 */
const PRELOADS_PER_TASK = 6;

/**
 * `marker` goes on the starter as its nonce, so the page's policy lists the starter's hash; the
 * parked script keeps its own, and the copy the starter runs has the same text, hence the same hash.
 */
export function deferHydration(html: string, marker?: string): string {
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(MODULEPRELOAD, (_tag, href: string) => {
    hrefs.push(href);
    return '';
  });
  // Not the shape React Router renders today: leave the page as it was rather than break it.
  if (!hrefs.length || !ROUTE_MODULES_SCRIPT.test(withoutPreloads) || !html.includes('</body>')) return html;
  const nonce = marker ? ` nonce="${marker}"` : '';
  return withoutPreloads
    .replace(ROUTE_MODULES_SCRIPT, `<script$1 type="text/x-deferred-module" id="${PARKED_ID}">`)
    .replace('</body>', `<script${nonce}>${starter(hrefs)}</script></body>`);
}

/**
 * The inline starter. It waits for the load event (the stylesheet and eager images are in) and
 * for the first contentful paint (either can come first), then one more frame, so the page's
 * pictures are on screen before any JavaScript is fetched. The route modules start once all their
 * preloads are in, as before.
 */
function starter(hrefs: string[]): string {
  return `(function(){
var started=false,loaded=document.readyState==="complete",painted=false;
function start(){if(started)return;started=true;
var hrefs=${JSON.stringify(hrefs)},next=0;
(function preload(){hrefs.slice(next,next+=${PRELOADS_PER_TASK}).forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l)});
if(next<hrefs.length)return setTimeout(preload,0);
var s=document.createElement("script");s.type="module";s.textContent=document.getElementById("${PARKED_ID}").textContent;document.body.appendChild(s)})()}
function whenReady(){if(loaded&&painted)requestAnimationFrame(function(){setTimeout(start,0)})}
try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted=true;whenReady()}}).observe({type:"paint",buffered:true})}catch(e){painted=true}
if(!loaded)addEventListener("load",function(){loaded=true;whenReady()},{once:true});
whenReady();setTimeout(start,${FALLBACK_MS});
["pointerdown","keydown","touchstart"].forEach(function(t){addEventListener(t,start,{once:true,capture:true,passive:true})});
})();`;
}
