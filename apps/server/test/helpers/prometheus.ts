/** Reading Prometheus' text format in tests: one sample's value by its name and (some of) its labels. */
import type { FastifyInstance } from 'fastify';

type Sample = { name: string; labels: Record<string, string>; value: number };

export function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** GET /metrics from this machine (inject's default address is 127.0.0.1): the exposition text. */
export async function scrape(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`GET /metrics answered ${res.statusCode}`);
  return res.body;
}
