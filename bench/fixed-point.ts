/**
 * Fixed-point benchmark: what writing a whole-canvas pixel loop one way or another costs. The loop is
 * the grading pass with the light's gains (local/draw/grade.ts, gradeLightRow), over a story canvas
 * (1080x1920), written five ways: as the engine writes it (the arithmetic inline, GAIN_SHIFT read
 * into a local once per row), with a written-out 12, reading the imported GAIN_SHIFT per pixel, and
 * calling pixels/fixed-point.ts's lumaQ8 or applyGain per pixel. Every way must give the same bytes.
 * Prints JSON: CPU time per pass (median and fastest of ROUNDS) and each way against the engine's.
 *   BENCH_ROUNDS  timed passes per way, the ways taking turns (default: 60)
 */
import { performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import { applyGain, GAIN_ONE, GAIN_SHIFT, lumaQ8 } from '../packages/engine/src/pixels/fixed-point';
import { randomSource } from '../packages/engine/src/pixels/noise';
import { machine, percentile, round } from './lib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const WARM_UP = 10;
const WIDTH = 1080;
const HEIGHT = 1920;
const CHANNELS = 3;

const random = randomSource(7);
const scene = Buffer.from(Array.from({ length: WIDTH * HEIGHT * CHANNELS }, () => (random() * 256) | 0));
// Any grading: every output level by input level and luma, per channel (256 x 256 x 3).
const tables = Uint8Array.from({ length: 3 * 65536 }, (_, i) => (i * 7 + (i >> 9)) & 255);
// A vignette's gains across a row: one in the middle, less towards the edges.
const gains = Int32Array.from({ length: WIDTH }, (_, x) =>
  Math.round(GAIN_ONE * (1 - 0.4 * ((x - WIDTH / 2) / WIDTH) ** 2)),
);

type Row = (data: Buffer, from: number) => void;

/** As the engine writes it: inline, the shift in a local. */
const engine: Row = (data, from) => {
  const shift = GAIN_SHIFT;
  for (let x = 0, i = from; x < WIDTH; x++, i += CHANNELS) {
    const r0 = data[i]!;
    const g0 = data[i + 1]!;
    const b0 = data[i + 2]!;
    const l = ((54 * r0 + 183 * g0 + 19 * b0) >> 8) << 8;
    const k = gains[x]!;
    const r = (tables[l | r0]! * k) >> shift;
    const g = (tables[65536 + (l | g0)]! * k) >> shift;
    const b = (tables[131072 + (l | b0)]! * k) >> shift;
    data[i] = r > 255 ? 255 : r;
    data[i + 1] = g > 255 ? 255 : g;
    data[i + 2] = b > 255 ? 255 : b;
  }
};

/** As it was written before the fixed-point module: the shift a literal. */
const literal: Row = (data, from) => {
  for (let x = 0, i = from; x < WIDTH; x++, i += CHANNELS) {
    const r0 = data[i]!;
    const g0 = data[i + 1]!;
    const b0 = data[i + 2]!;
    const l = ((54 * r0 + 183 * g0 + 19 * b0) >> 8) << 8;
    const k = gains[x]!;
    const r = (tables[l | r0]! * k) >> 12;
    const g = (tables[65536 + (l | g0)]! * k) >> 12;
    const b = (tables[131072 + (l | b0)]! * k) >> 12;
    data[i] = r > 255 ? 255 : r;
    data[i + 1] = g > 255 ? 255 : g;
    data[i + 2] = b > 255 ? 255 : b;
  }
};

/** The imported GAIN_SHIFT read per pixel. */
const imported: Row = (data, from) => {
  for (let x = 0, i = from; x < WIDTH; x++, i += CHANNELS) {
    const r0 = data[i]!;
    const g0 = data[i + 1]!;
    const b0 = data[i + 2]!;
    const l = ((54 * r0 + 183 * g0 + 19 * b0) >> 8) << 8;
    const k = gains[x]!;
    const r = (tables[l | r0]! * k) >> GAIN_SHIFT;
    const g = (tables[65536 + (l | g0)]! * k) >> GAIN_SHIFT;
    const b = (tables[131072 + (l | b0)]! * k) >> GAIN_SHIFT;
    data[i] = r > 255 ? 255 : r;
    data[i + 1] = g > 255 ? 255 : g;
    data[i + 2] = b > 255 ? 255 : b;
  }
};

/** lumaQ8 called per pixel. */
const lumaCall: Row = (data, from) => {
  const shift = GAIN_SHIFT;
  for (let x = 0, i = from; x < WIDTH; x++, i += CHANNELS) {
    const r0 = data[i]!;
    const g0 = data[i + 1]!;
    const b0 = data[i + 2]!;
    const l = lumaQ8(r0, g0, b0) << 8;
    const k = gains[x]!;
    const r = (tables[l | r0]! * k) >> shift;
    const g = (tables[65536 + (l | g0)]! * k) >> shift;
    const b = (tables[131072 + (l | b0)]! * k) >> shift;
    data[i] = r > 255 ? 255 : r;
    data[i + 1] = g > 255 ? 255 : g;
    data[i + 2] = b > 255 ? 255 : b;
  }
};

/** applyGain called per channel. */
const gainCall: Row = (data, from) => {
  for (let x = 0, i = from; x < WIDTH; x++, i += CHANNELS) {
    const r0 = data[i]!;
    const g0 = data[i + 1]!;
    const b0 = data[i + 2]!;
    const l = ((54 * r0 + 183 * g0 + 19 * b0) >> 8) << 8;
    const k = gains[x]!;
    const r = applyGain(tables[l | r0]!, k);
    const g = applyGain(tables[65536 + (l | g0)]!, k);
    const b = applyGain(tables[131072 + (l | b0)]!, k);
    data[i] = r > 255 ? 255 : r;
    data[i + 1] = g > 255 ? 255 : g;
    data[i + 2] = b > 255 ? 255 : b;
  }
};

const ways: Record<string, Row> = {
  engine_inline_shift_in_a_local: engine,
  literal_12: literal,
  imported_shift_per_pixel: imported,
  luma_q8_call_per_pixel: lumaCall,
  apply_gain_call_per_channel: gainCall,
};

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const data = Buffer.alloc(scene.length);
const pass = (row: Row) => {
  scene.copy(data);
  const start = cpuMs();
  for (let y = 0; y < HEIGHT; y++) row(data, y * WIDTH * CHANNELS);
  return cpuMs() - start;
};

const digests = new Set<string>();
const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
const t0 = performance.now();
for (let r = 0; r < WARM_UP + ROUNDS; r++) {
  // The ways take turns, in a rotating order, so that other work on the machine falls on all of them.
  const names = Object.keys(ways);
  const order = [...names.slice(r % names.length), ...names.slice(0, r % names.length)];
  for (const name of order) {
    const ms = pass(ways[name]!);
    if (r >= WARM_UP) times[name]!.push(ms);
    if (r === 0) digests.add(createHash('sha256').update(data).digest('hex'));
  }
}
if (digests.size !== 1) throw new Error('the ways give different bytes');

const engineMs = percentile(times.engine_inline_shift_in_a_local!, 50);
console.log(
  JSON.stringify(
    {
      bench: 'fixed-point',
      pass: `grade and light, one row at a time, ${WIDTH}x${HEIGHT}`,
      rounds: ROUNDS,
      cpu_ms: Object.fromEntries(
        Object.entries(times).map(([name, ms]) => [
          name,
          {
            p50: round(percentile(ms, 50), 1),
            min: round(Math.min(...ms), 1),
            vs_engine: round(percentile(ms, 50) / engineMs, 2),
          },
        ]),
      ),
      same_bytes: true,
      wall_s: round((performance.now() - t0) / 1000, 1),
      machine: machine(),
    },
    null,
    2,
  ),
);
