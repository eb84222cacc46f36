// The pages' inline scripts (docs/architecture.md#prerendered-pages): the head script, the
// prerendered pages' script loader and the signed-in frames' check for a stored session. The
// build inlines them and writes their hashes for the server's content security policy
// (`SCRIPT_HASHES_FILE`). Relative and zod-free: the Vite config loads this file with Node.

import {
  AUTH_STORAGE_KEY,
  STORED_SESSION_MAX_AGE_MS,
} from '../../../packages/contract/src/constants.ts';
import { THEME_STORAGE_KEY } from '../../../packages/contract/src/theme.ts';

/** The id of the JSON list of a prerendered page's modules, the entry first. */
export const BOOT_MODULES_ID = 'modules';

/**
 * Set on a prerendered page's `<html>`: the page's text is set in the metric-matched fallback
 * font, so the browser does not fetch the web font (~49 KiB) while the first paint waits. Where
 * an earlier page load fetched the font (`WEB_FONT_STORAGE_KEY`), `HEAD_SCRIPT` removes it
 * before the first paint; otherwise the page keeps the fallback, `BOOT_SCRIPT` fetches the font
 * after the first paint, and the next navigation switches (docs/architecture.md#the-web-font).
 */
export const FONTS_LATER_ATTRIBUTE = 'data-fonts-later';

/** The web font as `document.fonts.load` and `document.fonts.check` take it. */
export const WEB_FONT = '1em "Inter Variable"';

/**
 * `localStorage` key set (to `'1'`) once this browser has fetched the web font: a page load
 * then uses it from the first paint, from the browser's cache (docs/architecture.md#the-web-font).
 */
export const WEB_FONT_STORAGE_KEY = 'protokoll.font';

/**
 * The inline script at the top of every page's `<head>`, before anything paints: it sets `.dark`
 * on `<html>` as chosen (`THEME_STORAGE_KEY`) or as the system prefers, so no page flashes in the
 * wrong theme (docs/architecture.md#colour-theme), and lets the page use the web font from the
 * start where the browser has it (`WEB_FONT_STORAGE_KEY`). The server allows exactly this text
 * through its hash in the content security policy, so any change here changes the hash with it.
 * Kept tiny and free of `<`, so it can be inlined as it is.
 */
export const HEAD_SCRIPT =
  `try{var h=document.documentElement,s=localStorage,t=s.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `h.classList.toggle('dark',t==='dark'||t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);` +
  `if(s.getItem(${JSON.stringify(WEB_FONT_STORAGE_KEY)}))h.removeAttribute(${JSON.stringify(FONTS_LATER_ATTRIBUTE)})}catch(e){}`;

/**
 * The global through which `BOOT_SCRIPT` hands over the clicks it held: a function that stops
 * holding and returns the held buttons and forms, oldest first (docs/architecture.md#prerendered-pages).
 */
export const HELD_CLICKS_GLOBAL = '__protokollHeldClicks';

/**
 * The inline script at the end of a prerendered page's `<body>`: the page paints from its HTML
 * alone, so its modules are asked for only once it has painted (until then they would share the
 * line and the main thread with the first paint), each step in a task of its own, since each
 * element added costs the main thread a few milliseconds at a phone's speed and all of them
 * together made a long task: the entry script first, then the module preloads four to a task,
 * last the web font, for the pages that follow: this page stays in the fallback
 * (`FONTS_LATER_ATTRIBUTE`), since switching sets the whole page anew, a long task on a slow
 * phone; once the font has loaded, `WEB_FONT_STORAGE_KEY` says so
 * (docs/architecture.md#the-web-font). A browser without `document.fonts` switches at once. A
 * tab in the background, which does not paint, loads at once; so does a browser without paint
 * timing, and every page after 5 s at the latest.
 *
 * Until the app takes them (`HELD_CLICKS_GLOBAL`), a click on a button of the page and a form's
 * submission are held instead of lost (a button does nothing before hydration, and a form would
 * post to the page's address): the app carries them out once it has hydrated. Each button or
 * form is held once, at the place of its latest click (docs/architecture.md#prerendered-pages).
 *
 * The server allows exactly this text through its hash in the content security policy, like
 * `HEAD_SCRIPT`. Kept free of `<`, so it can be inlined as it is.
 */
export const BOOT_SCRIPT =
  `(function(){var l=document.getElementById(${JSON.stringify(BOOT_MODULES_ID)});` +
  `function f(){var d=document.fonts;if(!d||!d.load)return document.documentElement.removeAttribute(${JSON.stringify(FONTS_LATER_ATTRIBUTE)});` +
  `d.load(${JSON.stringify(WEB_FONT)}).then(function(l){try{if(l.length)localStorage.setItem(${JSON.stringify(WEB_FONT_STORAGE_KEY)},'1')}catch(e){}},function(){})}` +
  `if(!l)return f();` +
  `var m=JSON.parse(l.textContent),s=false,H=[],r=document.getElementById('root');` +
  `function hold(v){var t=v.target,b=v.type==='submit'?t:t&&t.closest&&t.closest('button,[role="button"]');` +
  `if(!b||!r||!r.contains(b))return;v.preventDefault();v.stopPropagation();var i=H.indexOf(b);if(i!==-1)H.splice(i,1);H.push(b)}` +
  `document.addEventListener('click',hold,true);document.addEventListener('submit',hold,true);` +
  `window[${JSON.stringify(HELD_CLICKS_GLOBAL)}]=function(){document.removeEventListener('click',hold,true);` +
  `document.removeEventListener('submit',hold,true);return H.splice(0)};` +
  `function go(){if(s)return;s=true;` +
  `var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=m[0];document.head.appendChild(e);` +
  `var q=m.slice(1);(function p(){setTimeout(function(){if(!q.length)return f();q.splice(0,4).forEach(function(h){` +
  `var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=h;document.head.appendChild(k)});p()},0)})()}` +
  `var P=window.PerformanceObserver;` +
  `if(!P||(P.supportedEntryTypes||[]).indexOf('paint')===-1||document.visibilityState==='hidden')return go();` +
  `new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length===0)return;o.disconnect();go()})` +
  `.observe({type:'paint',buffered:true});` +
  `document.addEventListener('visibilitychange',go,{once:true});setTimeout(go,5000)})();`;

/**
 * The inline script at the top of a prerendered signed-in page's `<head>` (its frame: layout and
 * texts, with placeholders where the account's data goes; docs/architecture.md#signed-in-frames).
 * Before anything of the body has painted, a visitor without a stored session (no `auth-token`
 * entry with a token, saved within the last 7 days and not expired) goes on to
 * `/login?redirect=…` in the page's language, as the route guard would send them: nobody sees a
 * frame they may not see. The app checks the session fully once it runs. Allowed by its hash in
 * the content security policy, like `HEAD_SCRIPT`; kept free of `<`.
 */
export const SIGNED_IN_SCRIPT =
  `(function(){var n=Date.now();try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)})||'null');` +
  `if(s&&typeof s.token==='string'&&s.token&&${STORED_SESSION_MAX_AGE_MS}>=n-s.savedAt&&s.expiresAt>n)return}catch(e){}` +
  `var p=location.pathname,e=p==='/en'||p.indexOf('/en/')===0,r=(e?p.slice(3):p)||'/';` +
  `location.replace((e?'/en':'')+'/login?redirect='+encodeURIComponent(r+location.search))})();`;

/**
 * The one script of a share page that shares its recording (docs/sharing.md#the-page): a summary
 * item or a transcript line (`data-start`) plays the recording from its passage. The page is
 * complete without it; allowed by its hash like `HEAD_SCRIPT`, kept free of `<`.
 */
export const SHARE_SEEK_SCRIPT =
  `document.addEventListener('click',function(v){var b=v.target&&v.target.closest&&v.target.closest('[data-start]'),` +
  `a=document.querySelector('audio');if(!b||!a)return;a.currentTime=Number(b.getAttribute('data-start'));` +
  `var p=a.play();if(p&&p.catch)p.catch(function(){})});`;

/** Every inline script a page may run: the build writes their hashes (`SCRIPT_HASHES_FILE`). */
export const INLINE_SCRIPTS: readonly string[] = [
  HEAD_SCRIPT,
  BOOT_SCRIPT,
  SIGNED_IN_SCRIPT,
  SHARE_SEEK_SCRIPT,
];
