/**
 * A page's app (React, the router, the page's code) never stands between the
 * visitor and the page's first paint: the server-rendered page shows at once,
 * and its app starts after.
 *
 * Public pages read and navigate without JavaScript, and most visitors only
 * read. So a public page served from the page cache starts its app on the
 * visitor's first interaction ("on-interaction"): a pointer or touch, a key,
 * focus or the wheel. Until then the page costs no script download and no
 * main-thread work. Every other page (the portal above all) starts its app as
 * soon as the browser has painted it ("after-first-paint"): its scripts no
 * longer compete with the styles for the connection, nor its start with the
 * first paint for the main thread. Either way, a page opened with a fragment
 * starts at once: the fragment may carry something for the app to show (a
 * sign-in provider's error, say).
 *
 * The router's module script is kept in the page, inert, with the modules it
 * would have preloaded; the small loader below preloads them all at once and
 * starts it with the page's nonce. A click on a plain button (a menu, the
 * audio preview, a track's Play) before the app is running is held and played
 * again once it is, so no tap is lost; links and form submissions work
 * natively, as they do without JavaScript.
 *
 * See docs/decisions/0009-performance.md and 0027-app-after-first-paint.md.
 */
export const DEFERRED_TYPE = "text/x-tidewell-deferred";

export type AppStart = "on-interaction" | "after-first-paint";

// Kept short and plain: it runs on every page before anything else.
const loader = (start: AppStart) => `(function(){
var nonce=document.currentScript.nonce,root=document.documentElement,started=false,held=null;
var events=["pointerdown","pointermove","touchstart","keydown","focusin","wheel"];
function start(){
if(started)return;started=true;
events.forEach(function(e){removeEventListener(e,start,true)});
var inert=document.querySelector('script[type="${DEFERRED_TYPE}"]');
(inert.dataset.preload||"").split(" ").forEach(function(href){
if(!href)return;var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l);
});
var s=document.createElement("script");s.type="module";s.nonce=nonce;s.textContent=inert.textContent;
inert.replaceWith(s);
}
if(location.hash.length>1)start();else events.forEach(function(e){addEventListener(e,start,{capture:true,passive:true})});${
  start === "after-first-paint"
    ? // After the frame that paints the page; a tab opened in the background paints nothing, so a second at most.
      "requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,1000);"
    : ""
}
addEventListener("click",function(e){
if(root.dataset.hydrated)return;
var b=e.target.closest&&e.target.closest("button");
if(!b||(b.form&&b.type==="submit"))return;
e.preventDefault();e.stopPropagation();held=b;start();
},true);
new MutationObserver(function(m,o){
if(!root.dataset.hydrated)return;o.disconnect();
if(held&&held.isConnected)held.click();held=null;
}).observe(root,{attributes:true,attributeFilter:["data-hydrated"]});
})();`;

const MODULE_SCRIPT = /<script([^>]*?) type="module"( async="")?>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const NONCE = / nonce="([^"]+)"/;

/**
 * The page with its app started as `start` says, or the page unchanged if it
 * isn't shaped as expected (one module script from the router, with the nonce
 * the page's scripts run by).
 */
export function deferHydration(html: string, start: AppStart): string {
  const modules = html.match(MODULE_SCRIPT) ?? [];
  const nonce = modules.length === 1 ? NONCE.exec(modules[0]!)?.[1] : undefined;
  if (!nonce) return html;
  // The preload links are read as they are removed, in one pass: a fresh portal page is prepared on every render.
  const preloads: string[] = [];
  return html
    .replace(MODULE_PRELOAD, (_link, href: string) => {
      preloads.push(href);
      return "";
    })
    .replace(
      MODULE_SCRIPT,
      (_tag, attributes: string) =>
        `<script${attributes} type="${DEFERRED_TYPE}" data-preload="${preloads.join(" ")}">`,
    )
    .replace("</body>", `<script nonce="${nonce}">${loader(start)}</script></body>`);
}
