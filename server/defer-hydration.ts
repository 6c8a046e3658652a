/**
 * Public pages read and navigate without JavaScript, and most visitors only
 * read. So a public page served from the page cache starts its app (React,
 * the router, the page's code) on the visitor's first interaction, not on
 * load: a pointer or touch, a key, focus or the wheel. Until then the page
 * costs no script download and no main-thread work. A page opened with a
 * fragment starts at once: the fragment may carry something for the app to
 * show (a sign-in provider's error, say).
 *
 * The router's module script is kept in the page, inert, and the small
 * loader below starts it with the page's nonce. A click on a plain button
 * (a menu, the audio preview) before the app is running is held and played
 * again once it is, so no tap is lost; links and form submissions work
 * natively, as they do without JavaScript.
 *
 * See docs/decisions/0009-performance.md.
 */
export const DEFERRED_TYPE = "text/x-tidewell-deferred";

// Kept short and plain: it runs on every public page before anything else.
const LOADER = `(function(){
var nonce=document.currentScript.nonce,root=document.documentElement,started=false,held=null;
var events=["pointerdown","pointermove","touchstart","keydown","focusin","wheel"];
function start(){
if(started)return;started=true;
events.forEach(function(e){removeEventListener(e,start,true)});
var inert=document.querySelector('script[type="${DEFERRED_TYPE}"]');
var s=document.createElement("script");s.type="module";s.nonce=nonce;s.textContent=inert.textContent;
inert.replaceWith(s);
}
if(location.hash.length>1)start();else events.forEach(function(e){addEventListener(e,start,{capture:true,passive:true})});
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
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;

/**
 * The page with its app started on first interaction, or the page unchanged
 * if it isn't shaped as expected (one module script from the router).
 */
export function deferHydration(html: string, nonce: string): string {
  const modules = html.match(MODULE_SCRIPT) ?? [];
  if (modules.length !== 1) return html;
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(MODULE_SCRIPT, (_tag, attributes: string) => `<script${attributes} type="${DEFERRED_TYPE}">`)
    .replace("</body>", `<script nonce="${nonce}">${LOADER}</script></body>`);
}
