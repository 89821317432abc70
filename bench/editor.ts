/**
 * Editor benchmark, in Chromium against the built app: a text dragged across a 1080×1920 result (an
 * Express story) in 200 pointer moves, and the final PNG's export. Prints JSON.
 *
 * While dragging, Chromium's trace records every task of the page's main thread (input handling, React
 * rendering, the throttled move, the redraw of the full-resolution canvas) and every frame it draws:
 * the work of a frame is the main-thread time between two frames, and its p95 is the figure asked for
 * (a frame at 60 Hz has 16.7 ms). The p95 of single tasks and the interval between frames are given too.
 * Export: from the click on "Download final" to the PNG received.
 *   BENCH_EDITOR_MOVES   pointer moves in the drag (default 200)
 *   BENCH_EDITOR_EXPORTS timed exports (default 5)
 */
import type { Page } from 'playwright-core';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import { startApp } from '../e2e/app-server';
import { launchBrowser, newContext } from '../e2e/browser';
import { signedInUser } from '../e2e/session';
import { machine, percentile, round } from './lib';

const MOVES = Number(process.env.BENCH_EDITOR_MOVES ?? 200);
const EXPORTS = Number(process.env.BENCH_EDITOR_EXPORTS ?? 5);
const TARGETS = { drag_frame_work_p95_ms: 16, export_p50_ms: 500 };

async function history(page: Page): Promise<HistoryResponse> {
  return (await (await page.request.get('/api/history')).json()) as HistoryResponse;
}

/** A task of a thread's run loop, as Chromium's trace names it. */
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
};

/**
 * From a Chromium trace: the page's main-thread tasks (ms) and, frame by frame, the main-thread time
 * spent between two drawn frames (ms), with the intervals between frames.
 */
function framesOf(events: TraceEvent[]) {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const tasksOf = (pid: number, tid: number) =>
    events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && TASKS.has(e.name) && e.dur);
  // The page's renderer is the one that worked the most.
  const busiest = mains
    .map((m) => ({ m, tasks: tasksOf(m.pid, m.tid) }))
    .sort((a, b) => b.tasks.reduce((t, e) => t + e.dur!, 0) - a.tasks.reduce((t, e) => t + e.dur!, 0))[0]!;
  const { pid } = busiest.m;
  const tasks = busiest.tasks;
  const draws = events
    .filter((e) => e.pid === pid && (e.name === 'DrawFrame' || e.name === 'BeginMainThreadFrame'))
    .filter((e, _, all) => (all.some((x) => x.name === 'DrawFrame') ? e.name === 'DrawFrame' : true))
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  // Tasks nest (a run-loop task inside another): their union is the time the thread was busy.
  const busySpans: [number, number][] = [];
  for (const t of [...tasks].sort((a, b) => a.ts - b.ts)) {
    const last = busySpans[busySpans.length - 1];
    if (last && t.ts <= last[1]) last[1] = Math.max(last[1], t.ts + t.dur!);
    else busySpans.push([t.ts, t.ts + t.dur!]);
  }
  const work: number[] = [];
  const intervals: number[] = [];
  for (let i = 1; i < draws.length; i++) {
    const [from, to] = [draws[i - 1]!, draws[i]!];
    let busy = 0;
    for (const [a, b] of busySpans) busy += Math.max(0, Math.min(to, b) - Math.max(from, a));
    work.push(busy / 1000);
    intervals.push((to - from) / 1000);
  }
  return { tasks: busySpans.map(([a, b]) => (b - a) / 1000), work, intervals };
}

const stats = (values: number[]) => ({
  count: values.length,
  p50_ms: round(percentile(values, 50), 2),
  p95_ms: round(percentile(values, 95), 2),
  max_ms: round(Math.max(...values), 2),
});

const app = await startApp();
const browser = await launchBrowser();
try {
  const context = await newContext(browser, 'fr-FR', app.url);
  const page = await context.newPage();
  await signedInUser(page, 'bench-editor@example.test', { firstName: 'Banc', lastName: 'Essai' });
  const started = await page.request.post('/api/generations/express', {
    data: { style: 'naturel', format: 'story', description: 'Boulangerie bio à Lyon' },
  });
  if (started.status() !== 202) throw new Error(`generation refused: ${started.status()}`);
  for (let i = 0; i < 120 && (await history(page)).items.length === 0; i++) await page.waitForTimeout(1000);
  const result = (await history(page)).items[0];
  if (!result) throw new Error('no result after 2 minutes');
  const { width, height } = result.images[0]!;

  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/dashboard/history');
  await page
    .getByRole('button', { name: /^Modifier/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const toolbar = dialog.getByRole('toolbar');
  await toolbar.waitFor();
  await toolbar.getByRole('button', { name: 'Nouveau texte' }).click();
  await dialog.getByRole('textbox', { name: 'Texte' }).fill('Pain au levain');
  await dialog.getByRole('button', { name: 'Ajouter le texte' }).click();
  await dialog.getByText('Textes (1)').waitFor();
  await page.waitForTimeout(500);

  // The new text sits at the centre: grab it there and sweep it across and back.
  const canvas = dialog.locator('canvas');
  const box = (await canvas.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
    ],
  });
  const t0 = Date.now();
  for (let i = 1; i <= MOVES; i++) {
    const phase = (i / MOVES) * 2 * Math.PI;
    await page.mouse.move(
      cx + Math.sin(phase) * box.width * 0.3,
      cy + Math.sin(phase * 2) * box.height * 0.2,
    );
  }
  await page.mouse.up();
  await page.waitForTimeout(300);
  const dragMs = Date.now() - t0;
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const frames = framesOf(trace.traceEvents);

  const exportTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < EXPORTS; i++) {
    const t = performance.now();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      toolbar.getByRole('button', { name: 'Télécharger avec logo' }).click(),
    ]);
    const file = await download.path();
    exportTimes.push(performance.now() - t);
    bytes = file ? (await import('node:fs')).statSync(file).size : 0;
  }

  console.log(
    JSON.stringify(
      {
        benchmark: 'editor',
        machine: machine(),
        image: { width, height },
        targets: TARGETS,
        drag: {
          moves: MOVES,
          ms: dragMs,
          frame_work: stats(frames.work),
          main_thread_tasks: stats(frames.tasks),
          frame_interval: stats(frames.intervals),
        },
        export: { runs: EXPORTS, ...stats(exportTimes), png_kb: Math.round(bytes / 1024) },
        summary: {
          drag_frame_work_p95_ms: round(percentile(frames.work, 95), 2),
          frame_interval_p95_ms: round(percentile(frames.intervals, 95), 2),
          export_p50_ms: Math.round(percentile(exportTimes, 50)),
          export_p95_ms: Math.round(percentile(exportTimes, 95)),
        },
      },
      null,
      2,
    ),
  );
  await context.close();
} finally {
  await browser.close();
  await app.close();
}
