/**
 * Web: what the production build makes a phone download and how fast its first screens paint.
 *
 *   npm run bench -- web          (with `npm start` running)
 *
 * 1. Sizes: builds web/dist when its sources are newer (as `npm start` does), then reads
 *    index.html and the Vite manifest: the initial JS (entry script and its modulepreloads), the
 *    initial CSS and the HTML itself, gzipped and brotli'd; and each lazy chunk with what it adds
 *    on top of the initial set when its screen opens. Also what the gateway sends for the entry
 *    script: Content-Encoding and Cache-Control.
 * 2. Lighthouse (performance only; mobile, simulated throttling: its defaults) in Debian's
 *    Chromium, BENCH_WEB_RUNS times each, interleaved so a busy moment hits every target alike:
 *      - ceiling: a bare node `http` server answering a tiny static page (heading and a line of
 *        text, no script): what Lighthouse and this machine allow at best;
 *      - `/auth` signed out;
 *      - `/` signed in as the demo student (BENCH_EMAIL), who has demo data: the bench signs in
 *        through the API once and puts the token where the web keeps it (localStorage), with the
 *        device chosen, before each audit; caches and storage are cleared between audits.
 *    Prints the median score, FCP, LCP, TBT, CLS and speed index per target, and the app/ceiling
 *    ratios of FCP and LCP.
 *
 * Settings: BENCH_BASE_URL (the gateway; default http://localhost:8080), BENCH_EMAIL,
 * BENCH_PASSWORD, BENCH_WEB_RUNS (3), BENCH_WEB_SKIP_LIGHTHOUSE=1 for sizes only, CHROME_PATH
 * (/usr/bin/chromium), BENCH_CEILING_PORT (4098), WEB_DIST (the build to measure sizes of),
 * BENCH_WEB_REPORT_DIR (a folder for each audit's full Lighthouse report, JSON: open it in the
 * Lighthouse viewer to see the request chain and the main-thread work behind a figure),
 * BENCH_WEB_BEFORE_URL (a second deployment, e.g. the previous build served by a gateway of its
 * own on another port against the same services: its /auth and / are audited in the same run,
 * interleaved with the others, and the after/before ratios printed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import type { RunnerResult } from 'lighthouse';
import { type Browser, connect } from 'puppeteer-core';
import { z } from 'zod';
import { SERVICE_PORTS, STORAGE_KEYS } from '@quad/contracts';
import { loadConfig } from '@quad/common';
import { DEMO_PASSWORD } from '../../scripts/seed/auth';
import { buildWebIfStale } from '../../scripts/web-build';

const REPO_ROOT = path.resolve(__dirname, '../..');

const config = loadConfig(
  z.object({
    BENCH_BASE_URL: z.string().url().default(`http://localhost:${SERVICE_PORTS.gateway}`),
    BENCH_EMAIL: z.string().default('maya.chen@mit.edu'),
    BENCH_PASSWORD: z.string().default(DEMO_PASSWORD),
    BENCH_WEB_RUNS: z.coerce.number().int().positive().default(3),
    BENCH_WEB_SKIP_LIGHTHOUSE: z.enum(['0', '1']).default('0'),
    BENCH_CEILING_PORT: z.coerce.number().int().positive().default(4098),
    CHROME_PATH: z.string().default('/usr/bin/chromium'),
    WEB_DIST: z.string().default(path.join(REPO_ROOT, 'web', 'dist')),
    /** When set, every audit's full Lighthouse report (JSON) is written there, to see where the time goes. */
    BENCH_WEB_REPORT_DIR: z.string().optional(),
    /** Another deployment of the web (e.g. the previous build behind a second gateway), audited in the same run. */
    BENCH_WEB_BEFORE_URL: z.string().url().optional(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Sizes

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Kilobytes as Vite's build report prints them (1 kB = 1,000 bytes), so the two read alike. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function compressedSizes(file: string): { raw: number; gzip: number; brotli: number } {
  const bytes = readFileSync(path.join(config.WEB_DIST, file));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes).length,
    brotli: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Every file a chunk pulls in statically (itself, its imports, their CSS), by manifest key. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function filesOf(manifest: Manifest, keys: Iterable<string>): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js, css };
}

function sum(files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const size = compressedSizes(file);
    raw += size.raw;
    gzip += size.gzip;
    brotli += size.brotli;
  }
  return { raw, gzip, brotli };
}

function reportSizes(): void {
  const htmlFile = path.join(config.WEB_DIST, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  // What index.html makes the browser fetch before the first screen: module scripts,
  // modulepreloads and stylesheets (files under /assets only; the favicon is not on that path).
  const initialFromHtml = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const manifestFile = path.join(config.WEB_DIST, '.vite', 'manifest.json');
  const manifest: Manifest | null = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;

  const initialJs = new Set(initialFromHtml.filter((f) => f.endsWith('.js')));
  const initialCss = new Set(initialFromHtml.filter((f) => f.endsWith('.css')));
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('');
  const htmlSize = { raw: Buffer.byteLength(html), gzip: gzipSync(html).length };
  const js = sum(initialJs);
  const css = sum(initialCss);

  console.log(`build: ${path.relative(REPO_ROOT, config.WEB_DIST)}${manifest ? '' : ' (no Vite manifest: lazy chunks listed without their shared imports)'}`);
  console.log(`index.html: ${kb(htmlSize.raw)} (${kb(htmlSize.gzip)} gzipped), of which inline CSS ${kb(Buffer.byteLength(inlineCss))}`);
  console.log(`initial JS:  ${kb(js.gzip)} gzipped, ${kb(js.brotli)} brotli, ${kb(js.raw)} raw, in ${initialJs.size} files`);
  for (const file of initialJs) console.log(`  ${file.padEnd(48)} ${kb(compressedSizes(file).gzip).padStart(10)} gz`);
  console.log(`initial CSS: ${kb(css.gzip)} gzipped in ${initialCss.size} files (styled-components injects the rest at run time)`);

  console.log('\nlazy chunks (gzipped: the chunk itself, and with the shared chunks it needs beyond the initial set):');
  const rows: { name: string; own: number; added: number }[] = [];
  if (manifest) {
    const initialKeys = Object.keys(manifest).filter((key) => initialJs.has(manifest[key]!.file));
    const initialClosure = new Set(initialKeys.flatMap((key) => [...staticClosure(manifest, key)]));
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isDynamicEntry) continue;
      const added = [...staticClosure(manifest, key)].filter((k) => !initialClosure.has(k));
      const files = filesOf(manifest, added);
      rows.push({
        name: chunk.src ?? chunk.name ?? chunk.file,
        own: compressedSizes(chunk.file).gzip,
        added: sum([...files.js, ...files.css]).gzip,
      });
    }
  } else {
    for (const file of readdirSync(path.join(config.WEB_DIST, 'assets'))) {
      if (!file.endsWith('.js') || initialJs.has(`assets/${file}`)) continue;
      const own = compressedSizes(`assets/${file}`).gzip;
      rows.push({ name: `assets/${file}`, own, added: own });
    }
  }
  rows.sort((a, b) => b.added - a.added);
  for (const row of rows) console.log(`  ${row.name.padEnd(68)} ${kb(row.own).padStart(9)} ${kb(row.added).padStart(9)}`);
  // What a phone downloads before each first screen shows: the initial set and the screen's chunks.
  for (const [label, source] of [['the sign-in page', 'auth-page.tsx'], ['home', 'home-route.tsx']] as const) {
    const row = rows.find((r) => r.name.endsWith(source));
    if (row) console.log(`JS before ${label} shows: ${kb(js.gzip + row.added)} gzipped (initial + ${kb(row.added)})`);
  }
}

/** How the gateway serves the entry script: compressed? cached for long? */
async function reportServing(): Promise<void> {
  const html = await (await fetch(config.BENCH_BASE_URL)).text();
  const entry = /<script\b[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) {
    console.log(`\nserving: ${config.BENCH_BASE_URL} answers no module script (not a Quad web build?)`);
    return;
  }
  const response = await fetch(new URL(entry, config.BENCH_BASE_URL), { headers: { 'Accept-Encoding': 'br, gzip' } });
  await response.arrayBuffer();
  const encoding = response.headers.get('content-encoding') ?? 'none';
  console.log(`\nserving ${entry} from ${config.BENCH_BASE_URL}: content-encoding ${encoding}, cache-control ${response.headers.get('cache-control') ?? 'none'}`);
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface Audit {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  lcpElement: string;
}

interface Target {
  name: string;
  url: string;
  /** localStorage to set on the page's origin before the audit (nothing: a fresh visitor). */
  storage?: Record<string, string>;
}

async function login(): Promise<string> {
  const response = await fetch(`${config.BENCH_BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: config.BENCH_EMAIL, password: config.BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login as ${config.BENCH_EMAIL}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { authToken: string }).authToken;
}

/** A bare node http server in its own process, answering a tiny static page with no script. */
async function startCeiling(): Promise<ChildProcess> {
  const source = `
    const http = require('node:http');
    const body = Buffer.from('<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Quad</title></head>' +
      '<body style="font-family:system-ui,sans-serif;margin:0;padding:24px"><h1>Quad</h1>' +
      '<p>Your college community platform.</p></body></html>');
    http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    }).listen(Number(process.env.PORT), '127.0.0.1', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, PORT: String(config.BENCH_CEILING_PORT) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
  });
  return child;
}

/**
 * One cold audit: no HTTP cache, no storage but what the target sets. Lighthouse's own storage
 * reset is off (it would drop the token), so the bench clears the origin itself first.
 */
async function audit(browser: Browser, target: Target, reportName: string): Promise<Audit> {
  const { default: lighthouse } = await import('lighthouse');
  const origin = new URL(target.url).origin;
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    if (target.storage) {
      // Any same-origin URL that is not the app itself sets storage without warming the app's cache.
      await page.goto(`${origin}/favicon.svg`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, target.storage);
    }
    await cdp.send('Network.clearBrowserCache');
    const result = (await lighthouse(
      target.url,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    )) as RunnerResult | undefined;
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.url}`);
    const { lhr } = result;
    if (config.BENCH_WEB_REPORT_DIR) {
      mkdirSync(config.BENCH_WEB_REPORT_DIR, { recursive: true });
      writeFileSync(path.join(config.BENCH_WEB_REPORT_DIR, `${reportName}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${target.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // An audit that met refusals measured something else (a 429 or 401 on the session shows the
    // sign-in page instead of home): say so rather than print its figures as the screen's.
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined)?.items ?? [];
    const session = requests.find((r) => new URL(r.url).pathname === '/api/auth/user');
    // A visitor's session answers 401 by design; any other refusal is worth a line.
    const refused = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/') && r.statusCode >= 400 && !(r === session && r.statusCode === 401 && !target.storage));
    if (target.storage && session?.statusCode !== 200) {
      throw new Error(
        `${target.name}: GET /api/auth/user answered ${session?.statusCode ?? 'nothing'}, so the audit saw no home screen` +
          (session?.statusCode === 429 ? ' (the gateway\'s API rate limit is spent, by this or another bench from this address; wait a minute or raise API_RATE_LIMIT_PER_MINUTE)' : ''),
      );
    }
    if (refused.length > 0) console.log(`    ${target.name}: refused: ${refused.map((r) => `${new URL(r.url).pathname} ${r.statusCode}`).join(', ')}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] }
      | undefined;
    const node = lcpDetails?.items?.[0]?.items?.[0]?.node;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
      lcpElement: node ? `${node.snippet ?? ''} "${(node.nodeLabel ?? '').slice(0, 60)}"` : '?',
    };
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function runLighthouse(): Promise<void> {
  const token = await login();
  const signedIn: Record<string, string> = {
    [STORAGE_KEYS.userToken]: token,
    // A returning student on a phone has picked their device; otherwise '/' asks for it first.
    [STORAGE_KEYS.userDevice]: 'mobile',
    [STORAGE_KEYS.deviceType]: 'mobile',
  };
  const screens = (label: string, baseUrl: string): Target[] => [
    { name: `/auth signed out${label}`, url: new URL('/auth', baseUrl).href },
    { name: `/ signed in (home)${label}`, url: new URL('/', baseUrl).href, storage: signedIn },
  ];
  const before = config.BENCH_WEB_BEFORE_URL;
  const targets: Target[] = [
    { name: 'ceiling (static page)', url: `http://127.0.0.1:${config.BENCH_CEILING_PORT}/` },
    ...(before ? screens(' BEFORE', before) : []),
    ...screens('', config.BENCH_BASE_URL),
  ];

  const ceiling = await startCeiling();
  let chrome: LaunchedChrome | undefined;
  let browser: Browser | undefined;
  const results = new Map<string, Audit[]>(targets.map((t) => [t.name, []]));
  try {
    chrome = await launch({
      chromePath: config.CHROME_PATH,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    browser = await connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    console.log(`\nLighthouse (mobile, simulated throttling), ${config.BENCH_WEB_RUNS} run(s) per target, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (let run = 1; run <= config.BENCH_WEB_RUNS; run++) {
      for (const target of targets) {
        const reportName = `${target.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-run${run}`;
        let result: Audit;
        try {
          result = await audit(browser, target, reportName);
        } catch (err) {
          // One refused or broken audit leaves the others standing; the medians say how many counted.
          console.log(`  run ${run} ${target.name.padEnd(31)} FAILED: ${(err as Error).message}`);
          process.exitCode = 1;
          continue;
        }
        results.get(target.name)!.push(result);
        console.log(
          `  run ${run} ${target.name.padEnd(31)} score ${String(result.score).padStart(3)}  FCP ${result.fcp.toFixed(0)} ms  LCP ${result.lcp.toFixed(0)} ms  TBT ${result.tbt.toFixed(0)} ms  CLS ${result.cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    ceiling.kill();
  }

  console.log(`\nmedians (load average now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
  console.log('target'.padEnd(33) + 'score'.padStart(6) + 'FCP ms'.padStart(9) + 'LCP ms'.padStart(9) + 'TBT ms'.padStart(9) + 'CLS'.padStart(8) + 'SI ms'.padStart(9) + '  runs');
  const medians = new Map<string, Audit>();
  for (const target of targets) {
    const audits = results.get(target.name)!;
    if (audits.length === 0) {
      console.log(`${target.name.padEnd(33)}  no successful run`);
      continue;
    }
    const pick = (key: keyof Omit<Audit, 'lcpElement'>) => median(audits.map((a) => a[key]));
    const m: Audit = {
      score: pick('score'),
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      speedIndex: pick('speedIndex'),
      lcpElement: audits[audits.length - 1]!.lcpElement,
    };
    medians.set(target.name, m);
    console.log(
      target.name.padEnd(33) +
        String(m.score).padStart(6) +
        m.fcp.toFixed(0).padStart(9) +
        m.lcp.toFixed(0).padStart(9) +
        m.tbt.toFixed(0).padStart(9) +
        m.cls.toFixed(3).padStart(8) +
        m.speedIndex.toFixed(0).padStart(9) +
        `  ${audits.length}/${config.BENCH_WEB_RUNS}`,
    );
  }
  const base = medians.get(targets[0]!.name);
  if (!base) return;
  console.log('');
  for (const target of targets.slice(1)) {
    const m = medians.get(target.name);
    if (!m) continue;
    console.log(`${target.name}: FCP ${(m.fcp / base.fcp).toFixed(2)}× the ceiling's, LCP ${(m.lcp / base.lcp).toFixed(2)}×; LCP element ${m.lcpElement}`);
  }
  if (before) {
    for (const target of screens('', config.BENCH_BASE_URL)) {
      const now = medians.get(target.name);
      const then = medians.get(`${target.name} BEFORE`);
      if (!now || !then) continue;
      console.log(
        `${target.name}, now / before: score ${now.score} vs ${then.score}, FCP ${(now.fcp / then.fcp).toFixed(2)}×, LCP ${(now.lcp / then.lcp).toFixed(2)}×, TBT ${(now.tbt / Math.max(1, then.tbt)).toFixed(2)}×`,
      );
    }
  }
}

async function main(): Promise<void> {
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (config.WEB_DIST === path.join(REPO_ROOT, 'web', 'dist') && !buildWebIfStale()) throw new Error('the web build failed');
  reportSizes();
  await reportServing();
  if (config.BENCH_WEB_SKIP_LIGHTHOUSE === '1') return;
  await runLighthouse();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
