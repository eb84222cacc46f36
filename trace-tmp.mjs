import { chromium } from 'playwright';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.argv[3] ?? 4) });
await browser.startTracing(page, { categories: ['devtools.timeline','disabled-by-default-devtools.timeline','blink','v8.execute','loading'] });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(4000);
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents;
const mains = events.filter(e => e.name === 'thread_name' && e.args.name === 'CrRendererMain'); console.log(mains.length); const main = mains.find(m => events.some(e => e.pid===m.pid && e.tid===m.tid && JSON.stringify(e.args??{}).includes('127.0.0.1:4391'))) ?? mains[0];
const pid = main.pid, tid = main.tid;
const mine = events.filter(e => e.pid === pid && e.tid === tid && e.ph === 'X');
const tasks = mine.filter(e => e.name === 'RunTask' && e.dur > Number(process.env.MIN ?? 15000));
const t0 = Math.min(...events.filter(e=>e.name==='navigationStart'||e.name==='TracingStartedInBrowser').map(e=>e.ts));
for (const t of tasks) {
  const kids = mine.filter(e => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t);
  const agg = {};
  for (const k of kids) { if (['EvaluateScript','v8.compile','FunctionCall','ParseHTML','UpdateLayoutTree','Layout','v8.callFunction','TimerFire','EventDispatch','RunMicrotasks','v8.evaluateModule','Paint','PrePaint','Commit','ScheduleStyleRecalculation','HitTest','FireAnimationFrame','ParseAuthorStyleSheet','v8.run','MajorGC','MinorGC','V8.GC_MC_BACKGROUND_MARKING','ResourceReceivedData','Decode LazyPixelRef','LocalFrameView::RunPostLifecycleSteps', 'IntersectionObserverController::computeIntersections'].includes(k.name) || true) { agg[k.name] = (agg[k.name]||0) + k.dur; } }
  const top = Object.entries(agg).sort((a,b)=>b[1]-a[1]).slice(0,8).map(([n,d])=>`${n}:${Math.round(d/1000)}`);
  const urls = [...new Set(kids.filter(k=>k.args?.data?.url).map(k=>k.args.data.url.split('/').pop()))].slice(0,4);
  console.log(Math.round((t.ts-t0)/1000), 'ms dur', Math.round(t.dur/1000), top.join(' '), urls.join(','));
}
await browser.close();
