// The web UI's budgets (issue #26), measured in Debian's chromium driven by Playwright against the
// real server on a fresh database: the Now route's JavaScript (gzip), Now's first render with 500
// firing instances, fire → visible on Now at 50 fires/s (p95), and long tasks while the rule list
// scrolls over 5,000 rules. Each figure sits beside a same-run baseline in the same browser (see
// docs/benchmarks.md, "Web UI budgets"). Needs `npm run build -w @oncall/web` first.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import { createBenchDatabase } from './bench-database';
import { startServerProcess } from './server-process';
import { createApiRule, createPrometheusRule, createPrometheusSource, loginAdmin } from './service-fixtures';

const PORT = Number(process.env.BENCH_PORT ?? 3961);
const FIRES_PER_SECOND = 50;
const FIRE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OPEN_INSTANCES = Number(process.env.BENCH_OPEN_INSTANCES ?? 100_000);
const PUSH_BATCH = 500;
// WEB_BENCH_ONLY=scroll (a comma list of js, now, live, scroll, open) runs only those steps.
const STEPS = ['js', 'now', 'live', 'scroll', 'open'] as const;
const only = process.env.WEB_BENCH_ONLY?.split(',').map((step) => step.trim());
const unknownStep = only?.find((step) => !(STEPS as readonly string[]).includes(step));
if (unknownStep) throw new Error(`WEB_BENCH_ONLY: no step ${unknownStep} (steps: ${STEPS.join(', ')})`);
const runs = (step: (typeof STEPS)[number]) => !only || only.includes(step);
// The scroll is repeated over the same 5,000 rules, optionally under CDP's CPU throttling (a rate
// of 4 makes the page's own work outweigh a shared box's noise); WEB_BENCH_PROFILE names a file for
// the first scroll's CPU profile (`.cpuprofile`, which chromium's DevTools opens).
const SCROLL_RUNS = Number(process.env.WEB_BENCH_SCROLL_RUNS ?? 1);
const CPU_THROTTLE = Number(process.env.WEB_BENCH_CPU_THROTTLE ?? 1);
const PROFILE = process.env.WEB_BENCH_PROFILE;
// An A/B in the same conditions: WEB_BENCH_COMPARE_DIST names another build of the UI (a copy of
// `apps/web/dist` from before a change); the scroll runs then alternate between the served build
// (A) and that one (B), which the page is handed by request routing.
const COMPARE_DIST = process.env.WEB_BENCH_COMPARE_DIST;
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function fire(url: string, token: string, alertname: string, instance: string): Promise<void> {
  const answer = await fetch(`${url}/api/v1/fire-alert`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ alertname, instance, description: 'bench' }),
  });
  if (answer.status !== 200) throw new Error(`fire: ${answer.status} ${await answer.text()}`);
}

/** `count` firing alerts pushed to one Prometheus rule through the Alertmanager API v2 receiver. */
async function pushOpenInstances(
  url: string,
  token: string,
  alertname: string,
  count: number,
): Promise<void> {
  const endsAt = new Date(Date.now() + 6 * 3_600_000).toISOString();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const from = next;
      next += PUSH_BATCH;
      const alerts = Array.from({ length: Math.min(PUSH_BATCH, count - from) }, (_, i) => ({
        labels: {
          alertname,
          instance: `node-${from + i}`,
          severity: (from + i) % 7 === 0 ? 'critical' : 'warning',
        },
        annotations: { summary: `node-${from + i} is down` },
        endsAt,
      }));
      // A 503 asks to retry later, as Alertmanager and Prometheus do with their batches.
      let answer: Response;
      for (;;) {
        answer = await fetch(`${url}/api/v1/prometheus-alert/${token}/api/v2/alerts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(alerts),
        });
        if (answer.status !== 503) break;
        await answer.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      if (answer.status !== 200) throw new Error(`push: ${answer.status} ${await answer.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function logIn(page: Page, url: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Now' }).waitFor();
}

const database = await createBenchDatabase();
// The ingestion limit is lifted: this measures the UI, not the limiter.
const server = await startServerProcess(database.url, PORT, { INGEST_MAX_PER_TOKEN_PER_MINUTE: '1000000' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const rows: string[][] = [];
try {
  const admin = await loginAdmin(server);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await logIn(page, server.url, server.adminPassword);
  await page.reload();
  await page.getByRole('heading', { name: 'Now' }).waitFor();
  if (runs('js')) nowRouteScripts(scripts);
  const rule = runs('now') || runs('live') ? await createApiRule(server, admin, 'bench now') : undefined;
  if (rule && runs('now')) await nowWithFiring(page, rule.token);
  if (rule && runs('live')) await fireToVisible(page, rule.token);
  if (runs('scroll')) await ruleListScroll(page, admin);
  if (runs('open')) await openInstances(context, admin);
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
console.log('| budget | measured | target | same-run baseline | ratio |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);

/** 1. The Now route's JavaScript: every script the browser loaded for `/`, gzip-compressed as served. */
function nowRouteScripts(scripts: ReadonlySet<string>): void {
  let gzip = 0;
  for (const path of scripts)
    gzip += gzipSync(readFileSync(`${dist}${path.replace(/^.*\/assets\//, 'assets/')}`)).length;
  const react = gzipSync(
    readFileSync(
      fileURLToPath(
        new URL('../../node_modules/react-dom/cjs/react-dom-client.production.js', import.meta.url),
      ),
    ),
  ).length;
  rows.push([
    'Now route JS, gzip',
    `${(gzip / 1024).toFixed(0)} KB (${scripts.size} files)`,
    '≤ 250 KB',
    `react-dom alone: ${(react / 1024).toFixed(0)} KB`,
    `${(gzip / react).toFixed(1)}×`,
  ]);
}

/** 2. Now with 500 firing instances: navigation → the first page's cards on screen. */
async function nowWithFiring(page: Page, token: string): Promise<void> {
  for (let i = 0; i < 500; i += 25) {
    await Promise.all(
      Array.from({ length: 25 }, (_, j) => fire(server.url, token, 'bench_fire', `host-${i + j}`)),
    );
  }
  const renders: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = Date.now();
    await page.goto(`${server.url}/`);
    await page.getByTestId('firing-card').nth(49).waitFor();
    renders.push(Date.now() - started);
  }
  const bare: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = Date.now();
    await page.goto(`${server.url}/readyz`);
    // Page scripts are strings: this file is compiled for Node, without the DOM's types.
    await page.evaluate(`for (let i = 0; i < 500; i++) {
      const article = document.createElement('article');
      article.textContent = 'bench_fire on host-' + i;
      document.body.append(article);
    }`);
    bare.push(Date.now() - started);
  }
  rows.push([
    'Now, 500 firing: load → first page (50 cards) shown, median of 5',
    `${quantile(renders, 0.5)} ms`,
    '≤ 1 s',
    `load /readyz + 500 bare DOM rows: ${quantile(bare, 0.5)} ms`,
    `${(quantile(renders, 0.5) / quantile(bare, 0.5)).toFixed(1)}×`,
  ]);
}

/** 3. Fire → visible on Now at 50 fires/s: each new alertname's card appearing, timed in the page. */
async function fireToVisible(page: Page, token: string): Promise<void> {
  await page.goto(`${server.url}/`);
  await page.getByTestId('firing-card').first().waitFor();
  await page.mouse.move(5, 5);
  await page.evaluate(`(() => {
    const seen = {};
    window.seen = seen;
    new MutationObserver(() => {
      for (const heading of document.querySelectorAll('[data-testid="firing-card"] [id^="firing-"]')) {
        const name = heading.textContent || '';
        if (name.startsWith('live_') && !(name in seen)) seen[name] = Date.now();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
  const sentAt: Record<string, number> = {};
  const fireRtt: number[] = [];
  const total = FIRES_PER_SECOND * FIRE_SECONDS;
  const start = Date.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / FIRES_PER_SECOND;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    const name = `live_${i}`;
    sentAt[name] = Date.now();
    inFlight.push(
      fire(server.url, token, name, `live-${i}`).then(
        () => void fireRtt.push(Date.now() - (sentAt[name] ?? 0)),
      ),
    );
  }
  await Promise.all(inFlight);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const seen = (await page.evaluate('window.seen')) as Record<string, number>;
  // Only the newest 50 are on the first page: a fire pushed off it by later ones before a refresh may never show.
  const lags = Object.entries(seen).map(([name, at]) => at - (sentAt[name] ?? at));
  rows.push([
    `fire → visible on Now at ${FIRES_PER_SECOND} fires/s, ${FIRE_SECONDS} s (${lags.length} of ${total} seen)`,
    `p50 ${quantile(lags, 0.5)} ms, p95 ${quantile(lags, 0.95)} ms`,
    'p95 ≤ 1 s',
    `fire request round trip p95 ${quantile(fireRtt, 0.95)} ms`,
    `${(quantile(lags, 0.95) / quantile(fireRtt, 0.95)).toFixed(1)}×`,
  ]);
}

interface ScrollResult {
  count: number;
  max: number;
  steps: number;
  rows: number;
  /** Main-thread time spent in script, and in all tasks, over the scroll (CDP `Performance` metrics), ms. */
  scriptMs: number;
  taskMs: number;
}

/**
 * The rule list scrolls inside its own virtualized box and loads the next page near its end: that
 * box is scrolled to the bottom until every rule is loaded (the page itself for the baseline).
 */
async function scrollTasks(page: Page, path: string, profile?: string): Promise<ScrollResult> {
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle');
  if (path === '/rules') await page.waitForSelector('[role=region][aria-label^="Alert rules,"]');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
    return { script: value('ScriptDuration'), task: value('TaskDuration') };
  };
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const before = await metrics();
  const scrolled = (await page.evaluate(`(async () => {
    const tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    const box = document.querySelector('[role=region][aria-label^="Alert rules,"]');
    const scroller = box ?? document.scrollingElement;
    const loaded = () => (box ? Number(/ (\\d+) of/.exec(box.getAttribute('aria-label'))?.[1] ?? 0) : 0);
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    const until = performance.now() + 120000;
    let steps = 0;
    for (;;) {
      scroller.scrollTop += 400;
      steps += 1;
      await frame();
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
      if (atEnd) {
        // Give the next page its time to arrive; stop when none came.
        const before = scroller.scrollHeight;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        if (scroller.scrollHeight === before || performance.now() > until) break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { count: tasks.length, max: Math.max(0, ...tasks), steps, rows: loaded() };
  })()`)) as Omit<ScrollResult, 'scriptMs' | 'taskMs'>;
  const after = await metrics();
  if (profile) {
    const { profile: cpuProfile } = await cdp.send('Profiler.stop');
    writeFileSync(profile, JSON.stringify(cpuProfile));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return { ...scrolled, scriptMs: after.script - before.script, taskMs: after.task - before.task };
}

function entryAssets(dir: string): string[] {
  return [...readFileSync(`${dir}/index.html`, 'utf8').matchAll(/assets\/[^"]+/g)].map((match) => match[0]);
}

/**
 * Hands `page` the build in `dir` instead of the served one: the page's entry assets are swapped
 * for that build's, and asset files the server does not have are read from `dir`. Returns the undo.
 */
async function serveBuild(page: Page, dir: string): Promise<() => Promise<void>> {
  const served = entryAssets(dist);
  const other = entryAssets(dir);
  const handler = async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'document') {
      const response = await route.fetch();
      let html = await response.text();
      served.forEach((asset, i) => {
        html = html.replace(asset, other[i] ?? asset);
      });
      await route.fulfill({ response, body: html });
      return;
    }
    const file = `${dir}/${path.replace(/^.*\/assets\//, 'assets/')}`;
    if (path.includes('/assets/') && existsSync(file)) {
      const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
      await route.fulfill({ status: 200, contentType: type, body: readFileSync(file) });
      return;
    }
    await route.fallback();
  };
  await page.route('**/*', handler);
  return () => page.unroute('**/*', handler);
}

/** Where run `run`'s CPU profile goes: WEB_BENCH_PROFILE, with `-b` before its extension for build B. */
function profileFile(run: number): string | undefined {
  if (!PROFILE) return undefined;
  return run === 1 ? PROFILE : PROFILE.replace(/(\.cpuprofile)?$/, '-b$1');
}

/** 4. The rule list with 5,000 rules: long tasks while scrolling it top to bottom. */
async function ruleListScroll(page: Page, admin: string): Promise<void> {
  for (let i = 0; i < 5000; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        createApiRule(server, admin, `bench rule ${String(i + j).padStart(4, '0')}`),
      ),
    );
  }
  const throttled = CPU_THROTTLE === 1 ? '' : `, CPU throttled ${CPU_THROTTLE}×`;
  const baseline = await scrollTasks(page, '/readyz');
  for (let run = 1; run <= SCROLL_RUNS; run++) {
    const compared = COMPARE_DIST !== undefined && run % 2 === 0;
    // Both builds go through the same routing, so neither pays for it alone.
    const undo = COMPARE_DIST ? await serveBuild(page, compared ? COMPARE_DIST : dist) : undefined;
    const list = await scrollTasks(
      page,
      '/rules',
      run <= (COMPARE_DIST ? 2 : 1) ? profileFile(run) : undefined,
    );
    await undo?.();
    const build = COMPARE_DIST ? (compared ? ', build B' : ', build A') : '';
    rows.push([
      `rule list, 5,000 rules: long tasks while scrolling${throttled}${build} (run ${run} of ${SCROLL_RUNS})`,
      `${list.count} tasks, longest ${list.max.toFixed(0)} ms; script ${list.scriptMs.toFixed(0)} ms, all tasks ${list.taskMs.toFixed(0)} ms (${list.rows} rows loaded, ${list.steps} scroll steps)`,
      'none over 100 ms',
      `/readyz: ${baseline.count} tasks, longest ${baseline.max.toFixed(0)} ms; script ${baseline.scriptMs.toFixed(0)} ms`,
      `script ${(list.scriptMs / list.steps).toFixed(2)} ms a step`,
    ]);
  }
}

/**
 * 5. 100,000 open instances on one rule: every screen that shows instances still answers. Each
 * screen is loaded in a fresh page whose long tasks are observed from its first script.
 */
async function openInstances(context: BrowserContext, admin: string): Promise<void> {
  const source = await createPrometheusSource(server, admin, 'bench open instances');
  const openRuleId = await createPrometheusRule(server, admin, 'bench open', source.id, 'NodeDown');
  const pushStarted = Date.now();
  await pushOpenInstances(server.url, source.token, 'NodeDown', OPEN_INSTANCES);
  const pushSeconds = (Date.now() - pushStarted) / 1000;
  const screens: Array<[string, string]> = [
    ['Now', '/'],
    ['Alert rules', '/rules'],
    ['rule detail (the rule with them)', `/rules/${openRuleId}`],
    ['Reports', '/reports'],
    ['Timeline', '/timeline'],
  ];
  for (const [name, path] of screens) {
    const screen = await context.newPage();
    await screen.addInitScript(`window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });`);
    const started = Date.now();
    let outcome: string;
    try {
      await screen.goto(`${server.url}${path}`);
      await screen.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      await screen.waitForLoadState('networkidle', { timeout: 30_000 });
      const shownMs = Date.now() - started;
      const tasks = (await screen.evaluate('window.__longTasks')) as number[];
      outcome = `${shownMs} ms; ${tasks.length} long tasks, longest ${Math.max(0, ...tasks).toFixed(0)} ms`;
    } catch (error) {
      // A crashed tab or a page that never settles is the finding, not the end of the run.
      outcome = `FAILED after ${Date.now() - started} ms: ${String(error).split('\n')[0]}`;
    }
    await screen.close().catch(() => undefined);
    rows.push([
      `${OPEN_INSTANCES.toLocaleString('en')} open instances: ${name}, load → settled (heading shown, network idle)`,
      outcome,
      'no hang',
      `pushed in ${pushSeconds.toFixed(0)} s`,
      '–',
    ]);
  }
}
