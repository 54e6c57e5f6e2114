/**
 * Storefront pages are complete HTML from the server; their JavaScript only adds interactivity.
 * React Router preloads all of it (~140 KB gzip) from the <head>, where it competes with the
 * stylesheet and the hero image for a slow mobile link and holds back the first paint. This moves
 * it behind the paint: the modulepreload links come out of the HTML, the route-modules script is
 * parked under an inert type, and a tiny inline script starts both once the page has loaded and
 * painted, or at the visitor's first tap or key press, whichever comes first.
 *
 * On a slow phone every step of that start is a task the visitor's taps wait behind
 * (total blocking time at 8x CPU slowdown), so the starter takes it in small steps, one task each:
 * one preload link at a time, then the page's modules evaluated one chunk at a time (shared
 * chunks first, so each route module finds its imports evaluated), then the route-modules script,
 * whose imports are by then all evaluated, which starts React Router's entry.
 */

// React Router may add a nonce (the render's marker, see inline-scripts.server.ts) to both.
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const ROUTE_MODULES_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;
const PARKED_ID = 'deferred-route-modules';
const ROUTE_MODULE = /import \* as route\d+ from "([^"]+)";/g;
const ENTRY_IMPORT = /import\("([^"]+)"\);\s*$/;
/** Start anyway if the load event is held up (a stalled image) for this long. */
const FALLBACK_MS = 4000;

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
    .replace('</body>', `<script${nonce}>${starter(hrefs, evaluationOrder(html, hrefs))}</script></body>`);
}

/**
 * The modules the starter evaluates before the route-modules script: every preloaded chunk but
 * the entry (evaluating it starts hydration, which must wait for the route modules), shared
 * chunks before the route modules. Empty when the script is not in the expected shape: the
 * route-modules script then evaluates everything at once, as React Router does.
 */
function evaluationOrder(html: string, hrefs: string[]): string[] {
  const script = html.slice(
    html.search(ROUTE_MODULES_SCRIPT),
    html.indexOf('</script>', html.search(ROUTE_MODULES_SCRIPT)),
  );
  const entry = ENTRY_IMPORT.exec(script)?.[1];
  if (!entry) return [];
  const routes = [...script.matchAll(ROUTE_MODULE)].map((m) => m[1]!);
  const shared = hrefs.filter((href) => href !== entry && !routes.includes(href));
  return [...shared, ...routes.filter((href) => hrefs.includes(href))];
}

/**
 * The inline starter. It waits for the load event (the stylesheet and eager images are in) and
 * for the first contentful paint (either can come first), then one more frame, so the page's
 * pictures are on screen before any JavaScript is fetched. Each preload link it adds starts a
 * fetch there and then (the ~30 of a page took one 0.1-0.3 s task at 8x CPU slowdown), and a
 * chunk's evaluation is its own task, so both go one per task. The steps are chained through a
 * message channel rather than `setTimeout`, which browsers hold back by 4 ms once nested.
 * A chunk that fails to load stops the chain: the route-modules script then loads what is left,
 * as it would have without the starter.
 */
function starter(hrefs: string[], modules: string[]): string {
  return `(function(){
var started=false,loaded=document.readyState==="complete",painted=false;
function start(){if(started)return;started=true;
var hrefs=${JSON.stringify(hrefs)},modules=${JSON.stringify(modules)},next=0,queue=[],channel=new MessageChannel();
channel.port1.onmessage=function(){queue.shift()()};
function later(step){queue.push(step);channel.port2.postMessage(0)}
function preload(){var l=document.createElement("link");l.rel="modulepreload";l.href=hrefs[next++];document.head.appendChild(l);
if(next<hrefs.length)return later(preload);next=0;later(evaluate)}
function evaluate(){if(next>=modules.length)return run();import(modules[next++]).then(function(){later(evaluate)},run)}
function run(){var s=document.createElement("script");s.type="module";s.textContent=document.getElementById("${PARKED_ID}").textContent;document.body.appendChild(s)}
preload()}
function whenReady(){if(loaded&&painted)requestAnimationFrame(function(){setTimeout(start,0)})}
try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted=true;whenReady()}}).observe({type:"paint",buffered:true})}catch(e){painted=true}
if(!loaded)addEventListener("load",function(){loaded=true;whenReady()},{once:true});
whenReady();setTimeout(start,${FALLBACK_MS});
["pointerdown","keydown","touchstart"].forEach(function(t){addEventListener(t,start,{once:true,capture:true,passive:true})});
})();`;
}
