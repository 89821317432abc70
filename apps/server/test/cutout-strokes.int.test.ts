/**
 * Keep and remove strokes through the HTTP API on a real database (issue 35): they change the mask
 * near them only, later strokes start from the same mask, one user has one cut-out in flight at a
 * time, corrections count by their size, and one user's heaviest corrections do not hold up another
 * user's automatic cut-out.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { CutoutStroke, CutoutView } from '@vitrine/shared/api/cutout';
import { distanceToStroke, strokeReach } from '@vitrine/shared/cutout/brush';
import { signedInUser, uploaded, type SignedInUser } from './helpers/factories';
import { useTestApp } from './helpers/test-app';
import { cutoutRequests } from './helpers/cutout';
import { anotherCopy } from './helpers/sample-images';
import { busyCutoutLanes, configureCutoutThread } from '@vitrine/engine/cutout/thread';

const photos = path.resolve(import.meta.dirname, '../../../packages/engine/src/samples/photos');
const devSet = path.resolve(import.meta.dirname, '../../../packages/engine/test-data/cutout-dev');

const t = useTestApp();
const { get, put, filesOf } = cutoutRequests(() => t);

let alice: SignedInUser;
let bob: SignedInUser;
let carol: SignedInUser;
beforeAll(async () => {
  alice = await signedInUser(t.app, 'alice.strokes@example.com');
  bob = await signedInUser(t.app, 'bob.strokes@example.com');
  carol = await signedInUser(t.app, 'carol.strokes@example.com');
});

const cup = (n: number) => anotherCopy(fs.readFileSync(path.join(photos, 'coffee-cup.png')), n);
const bike = (n: number) => anotherCopy(fs.readFileSync(path.join(devSet, 'bike.jpg')), n);

async function maskOf(cookie: string, url: string) {
  const res = await get(cookie, url);
  expect(res.statusCode).toBe(200);
  const { data, info } = await sharp(res.rawPayload)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels that differ between two masks, each with its distance to the stroke. */
function changes(a: { data: Buffer; width: number; height: number }, b: typeof a, stroke: CutoutStroke) {
  const far: number[] = [];
  let count = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      const p = y * a.width + x;
      if (a.data[p] === b.data[p]) continue;
      count++;
      far.push(distanceToStroke(x, y, stroke, a.width, a.height));
    }
  return { count, farthest: far.reduce((a, b) => Math.max(a, b), 0) };
}

describe('strokes are local (issue 35: a stroke changes only the pixels near it)', () => {
  it('changes the automatic mask within its radius and margin only, and later strokes start from the same mask', async () => {
    const id = await uploaded(t.app, alice.cookie, { name: 'cup.png', bytes: cup(31) });
    const auto: CutoutView = (await get(alice.cookie, `/api/uploads/${id}/cutout`)).json();
    expect(auto.baseMaskUrl, 'with no strokes, the mask is what strokes are painted on').toMatch(
      new RegExp(`^/api/uploads/${id}/cutout/base\\.png\\?v=\\d+$`),
    );
    const autoMask = await maskOf(alice.cookie, auto.maskUrl!);

    const remove: CutoutStroke = {
      kind: 'remove',
      radius: 0.04,
      points: [
        [0.45, 0.45],
        [0.58, 0.52],
      ],
    };
    const first: CutoutView = (
      await put(alice.cookie, id, { choice: 'cutout', corrections: { strokes: [remove] } })
    ).json();
    expect(first).toMatchObject({ method: 'corrected', framed: false });
    const firstMask = await maskOf(alice.cookie, first.maskUrl!);
    const { reach } = strokeReach(remove.radius, autoMask.width, autoMask.height);
    const removed = changes(autoMask, firstMask, remove);
    expect(removed.count, 'the stroke removed part of the cup').toBeGreaterThan(200);
    expect(removed.farthest).toBeLessThanOrEqual(reach);
    // What the strokes were painted on is the automatic mask, kept as it was.
    const base = await maskOf(alice.cookie, first.baseMaskUrl!);
    expect(Buffer.compare(base.data, autoMask.data)).toBe(0);

    // A second stroke: the first is painted again on the same mask, so only the second's
    // surroundings change.
    const keep: CutoutStroke = { kind: 'keep', radius: 0.02, points: [[0.2, 0.2]] };
    const second: CutoutView = (
      await put(alice.cookie, id, { choice: 'cutout', corrections: { strokes: [remove, keep] } })
    ).json();
    const secondMask = await maskOf(alice.cookie, second.maskUrl!);
    const kept = changes(firstMask, secondMask, keep);
    expect(kept.count).toBeGreaterThan(0);
    expect(kept.farthest).toBeLessThanOrEqual(
      strokeReach(keep.radius, autoMask.width, autoMask.height).reach,
    );

    // Only the current mask, preview and base are kept, beside the photo and its thumbnail.
    const files = filesOf(alice.userId).filter((f) => /\.(mask|base)\.png$|\.cutout\.webp$/.test(f));
    expect(files.filter((f) => f.endsWith('.mask.png'))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.base.png'))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.cutout.webp'))).toHaveLength(1);

    // Every stroke undone and applied (an empty list, as the editor sends it): the automatic mask
    // again, accepted, with no corrections left to come back when the editor reopens.
    const none: CutoutView = (
      await put(alice.cookie, id, { choice: 'cutout', corrections: { strokes: [] } })
    ).json();
    expect(none).toMatchObject({ choice: 'cutout', corrections: null, framed: false });
    const back = await maskOf(alice.cookie, none.maskUrl!);
    expect(Buffer.compare(back.data, autoMask.data)).toBe(0);
    // Accepting as it is (no corrections sent) keeps the mask the user has.
    const restroked: CutoutView = (
      await put(alice.cookie, id, { choice: 'cutout', corrections: { strokes: [remove] } })
    ).json();
    const accepted: CutoutView = (await put(alice.cookie, id, { choice: 'cutout' })).json();
    expect(accepted.corrections).toEqual(restroked.corrections);
  });
});

describe('fair to every user (issue 35)', () => {
  it('one cut-out in flight per user: a second is answered 429 with a translated message, not queued, and stores nothing', async () => {
    const one = await uploaded(t.app, bob.cookie, { name: 'cup.png', bytes: cup(41) });
    const two = await uploaded(t.app, bob.cookie, { name: 'bike.jpg', bytes: bike(41) });
    const look = (id: string, lang: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/uploads/${id}/cutout`,
        headers: { cookie: bob.cookie, 'accept-language': lang },
      });
    const [a, b] = await Promise.all([look(one, 'en'), look(two, 'fr')]);
    const refused = [a, b].filter((res) => res.statusCode === 429);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    const message = refused[0]!.json().error.message as string;
    expect(message).toBe(
      refused[0] === a
        ? 'Your last cut-out is still being worked out. Wait a moment, then try again.'
        : 'Votre dernier détourage est encore en cours de calcul. Patientez un instant, puis réessayez.',
    );
    expect(refused[0]!.headers['retry-after']).toBe('1');
    const later = refused[0] === a ? one : two;
    const stored = await t.database.query(`select 1 from upload_cutouts where upload_id = $1`, [later]);
    expect(stored).toHaveLength(0);
    // Once the first is done, the second is computed.
    expect((await look(later, 'en')).statusCode).toBe(200);
  });

  it('the one cut-out in flight holds across API processes: a claim another process holds refuses it, one left by a dead process is taken over, and a finished cut-out lets its claim go', async () => {
    const id = await uploaded(t.app, bob.cookie, { name: 'cup.png', bytes: cup(43) });
    const look = () =>
      t.app.inject({ method: 'GET', url: `/api/uploads/${id}/cutout`, headers: { cookie: bob.cookie } });
    // Another process is working out one of Bob's cut-outs: its claim is in the database.
    await t.database.query(`insert into cutout_claims (user_id, claim) values ($1, gen_random_uuid())`, [
      bob.userId,
    ]);
    expect((await look()).statusCode).toBe(429);
    expect(await t.database.query(`select 1 from upload_cutouts where upload_id = $1`, [id])).toHaveLength(0);
    // That process died holding it: after the longest a cut-out may take, the claim is taken over.
    await t.database.query(
      `update cutout_claims set claimed_at = now() - interval '5 minutes' where user_id = $1`,
      [bob.userId],
    );
    expect((await look()).statusCode).toBe(200);
    expect(await t.database.query(`select 1 from cutout_claims where user_id = $1`, [bob.userId])).toEqual(
      [],
    );
  });

  it("one user's heaviest corrections count by the area they sweep, and another user's automatic cut-out is not queued behind them", async () => {
    // The paint lane's time limit is not what this measures: on two cores shared with the test files
    // running beside this one, the heaviest correction can run past its 15 s (a 503, tested below).
    // Three times that, within the test's own minute. Set first, since it starts the threads again:
    // the measures below run on warm threads.
    await configureCutoutThread(true, { paint: 45_000 });
    onTestFinished(() => configureCutoutThread(true));
    // Another user's automatic cut-out alone, twice (the first may start the thread).
    let alone = Infinity;
    for (const n of [51, 52]) {
      const id = await uploaded(t.app, carol.cookie, { name: 'bike.jpg', bytes: bike(n) });
      const view: CutoutView = (await get(carol.cookie, `/api/uploads/${id}/cutout`)).json();
      alone = Math.min(alone, view.ms);
    }

    const heavy = await uploaded(t.app, alice.cookie, { name: 'bike.jpg', bytes: bike(53) });
    expect((await get(alice.cookie, `/api/uploads/${heavy}/cutout`)).statusCode).toBe(200);
    // The heaviest correction the contract takes: 100 strokes of 100 points, the largest brush, each
    // point far from the last (every stroke sweeps most of the photo).
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const strokes = Array.from({ length: 100 }, (_, s) => ({
      kind: s % 2 ? 'keep' : 'remove',
      radius: 0.2,
      points: Array.from({ length: 100 }, () => [next(), next()]),
    }));
    const key = `cutout:user:${alice.userId}`;
    const counted = async () =>
      (await t.database.query<{ count: number }>(`select count from rate_limits where key = $1`, [key]))[0]
        ?.count ?? 0;
    const before = await counted();

    const other = await uploaded(t.app, carol.cookie, { name: 'bike.jpg', bytes: bike(54) });
    let correctionsDone = false;
    const correcting = put(alice.cookie, heavy, { choice: 'cutout', corrections: { strokes } }).then(
      (res) => {
        correctionsDone = true;
        return res;
      },
    );
    // The other user asks once the corrections are being painted.
    await expect.poll(() => busyCutoutLanes(), { timeout: 10_000, interval: 20 }).toContain('paint');
    const meanwhile = await get(carol.cookie, `/api/uploads/${other}/cutout`);
    // Answered while the corrections are still being painted: not queued behind them.
    expect(correctionsDone).toBe(false);
    const corrected = await correcting;
    expect(corrected.statusCode).toBe(200);
    expect(meanwhile.statusCode).toBe(200);
    // Its time (the bench measures the delay on an idle machine: +0.2 s) stays within a second of its
    // time alone, with room for the test files running beside this one.
    const delayed = (meanwhile.json() as CutoutView).ms;
    expect(delayed - alone, `alone ${alone} ms, beside the corrections ${delayed} ms`).toBeLessThanOrEqual(
      1000 + alone,
    );
    // 100 strokes sweeping the photo: 100 photos' worth of area, one unit and twenty more.
    expect((await counted()) - before).toBe(21);
  });

  it('a correction refused by the hourly budget takes nothing from it: a smaller one still fits', async () => {
    const id = await uploaded(t.app, bob.cookie, { name: 'cup.png', bytes: cup(71) });
    expect((await get(bob.cookie, `/api/uploads/${id}/cutout`)).statusCode).toBe(200);
    const key = `cutout:user:${bob.userId}`;
    const max = 120 * t.config.auth.rateLimitMultiplier;
    // Five units left this hour.
    await t.database.query(`update rate_limits set count = $2 where key = $1`, [key, max - 5]);
    const sweeping = Array.from({ length: 40 }, () => ({
      kind: 'remove',
      radius: 0.2,
      points: [
        [0, 0],
        [1, 1],
      ],
    }));
    const refused = await put(bob.cookie, id, { choice: 'cutout', corrections: { strokes: sweeping } }, 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    const [row] = await t.database.query<{ count: number }>(`select count from rate_limits where key = $1`, [
      key,
    ]);
    expect(row?.count).toBe(max - 5);
    const small = { kind: 'keep', radius: 0.02, points: [[0.5, 0.5]] };
    const fits = await put(bob.cookie, id, { choice: 'cutout', corrections: { strokes: [small] } });
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('a correction stopped at its time limit is a translated 503, and the cut-out stays as it was', async () => {
    const id = await uploaded(t.app, bob.cookie, { name: 'cup.png', bytes: cup(61) });
    const auto: CutoutView = (await get(bob.cookie, `/api/uploads/${id}/cutout`)).json();
    await configureCutoutThread(true, { paint: 1 });
    try {
      const res = await put(
        bob.cookie,
        id,
        { choice: 'cutout', corrections: { strokes: [{ kind: 'keep', radius: 0.1, points: [[0.5, 0.5]] }] } },
        'en',
      );
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(
        'The cut-out took too long and was stopped. Try again; with corrections, use fewer or shorter strokes.',
      );
    } finally {
      await configureCutoutThread(true);
    }
    expect((await get(bob.cookie, `/api/uploads/${id}/cutout`)).json()).toEqual(auto);
  });
});
