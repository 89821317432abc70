/**
 * Factories: what a test or a benchmark starts from, built the way the app builds it.
 *
 * - `signedInUser`: an account that signed up, followed its verification link in the browser that
 *   signed up and signed in, through the API: in-process (a Fastify app, with inject) or over the
 *   network (`fetchApi`, for the benchmarks). Its cookie is a real session's.
 * - `uploaded`: an image sent to POST /api/uploads, as a browser's form sends it.
 * - `generation`: a generation in each state of the state machine (modules/generations/repository.ts),
 *   written through that repository and the allowance, as the service and the render job write them,
 *   without a queue or a worker:
 *     processing  inserted, its free credit reserved (none on a paid plan);
 *     completed   its result row written, the credit spent;
 *     failed      its reason in the user's language, the credit given back.
 *
 * The test app itself, started and closed around a file's tests, is `useTestApp` (test-app.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { INITIAL_PROGRESS } from '@vitrine/shared/api/generations';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import type { Lang } from '@vitrine/shared/locale';
import type { Database } from '../../src/db/client';
import { lockAllowance } from '../../src/modules/generations/credits';
import { imagePath } from '../../src/modules/generations/image-links';
import * as records from '../../src/modules/generations/repository';
import { AppError } from '../../src/http/app-error';
import { PASSWORD, cookieFrom, mailbox, pathOf } from './accounts';
import { multipartFile } from './multipart';

// ---- The API, in-process or over the network ----------------------------------------------------

export type ApiRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path, or a link as the app wrote it (an e-mail's). */
  url: string;
  headers?: Record<string, string>;
  /** A JSON body, or the raw bytes of one (a multipart form). */
  payload?: Buffer | Record<string, unknown>;
};

/** The answer, with the cookies it set as a browser would send them back (cleared ones left out). */
export type ApiAnswer = { status: number; body: string; cookie: string };

export type Api = {
  send(request: ApiRequest): Promise<ApiAnswer>;
  /** The dev mailbox's messages (mail goes to the outbox), newest first. */
  mailbox(): Promise<{ to: string; links: string[] }[]>;
};

/** The app in this process, through inject(). */
export function injectApi(app: FastifyInstance): Api {
  return {
    async send({ method, url, headers, payload }) {
      const path = /^https?:/.test(url) ? pathOf(url) : url;
      const res = await app.inject({
        method,
        url: path,
        ...(headers && { headers }),
        ...(payload && { payload }),
      });
      return { status: res.statusCode, body: res.body, cookie: cookieFrom(res) };
    },
    mailbox: () => mailbox(app),
  };
}

/** A server at `base` (its PUBLIC_URL), through fetch(); redirects are answers, not followed. */
export function fetchApi(base: string): Api {
  return {
    async send({ method, url, headers = {}, payload }) {
      const json = payload !== undefined && !Buffer.isBuffer(payload);
      const res = await fetch(/^https?:/.test(url) ? url : `${base}${url}`, {
        method,
        redirect: 'manual',
        headers: { ...(json && { 'content-type': 'application/json' }), ...headers },
        ...(payload !== undefined && { body: json ? JSON.stringify(payload) : payload }),
      });
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .filter((c) => !c.endsWith('='))
        .join('; ');
      return { status: res.status, body: await res.text(), cookie };
    },
    async mailbox() {
      const res = await fetch(`${base}/api/dev/mailbox`);
      return ((await res.json()) as { messages: { to: string; links: string[] }[] }).messages;
    },
  };
}

const apiOf = (target: FastifyInstance | Api): Api => ('inject' in target ? injectApi(target) : target);

// ---- Users ------------------------------------------------------------------------------------

export type SignedInUser = { email: string; userId: string; cookie: string };

export type AccountOptions = {
  /** Fields of the sign-up form besides the address (names, company, website...). */
  extra?: Record<string, unknown>;
  /** The browser's language (Accept-Language); 'fr' unless given. */
  lang?: Lang;
};

/**
 * Signs up and follows the verification link in the same browser (with the sign-up's cookie, which
 * lets the link activate the password chosen there). The e-mail is sent after the answer, so the
 * mailbox is read until it is there.
 */
export async function verifiedAccount(
  target: FastifyInstance | Api,
  email: string,
  { extra = {}, lang = 'fr' }: AccountOptions = {},
): Promise<void> {
  const api = apiOf(target);
  const signedUp = await api.send({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { 'accept-language': lang },
    payload: { password: PASSWORD, firstName: 'Camille', lastName: 'Durand', email, ...extra },
  });
  if (signedUp.status !== 201) throw new Error(`sign-up failed: ${signedUp.body}`);
  const deadline = Date.now() + 5000;
  let link: string | undefined;
  while (!link) {
    const mail = (await api.mailbox()).find(
      (m) => m.to === email && m.links.some((l) => l.includes('verify-email')),
    );
    link = mail?.links.find((l) => l.includes('verify-email'));
    if (link) break;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} with a verification link`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await api.send({ method: 'GET', url: link, headers: { cookie: signedUp.cookie } });
}

/** Signs in with the factories' password; the session's cookie and the user's id. */
export async function signInAs(
  target: FastifyInstance | Api,
  email: string,
  lang: Lang = 'fr',
): Promise<SignedInUser> {
  const signedIn = await apiOf(target).send({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'accept-language': lang },
    payload: { email, password: PASSWORD },
  });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  const { user } = JSON.parse(signedIn.body) as { user: { id: string } };
  return { email, userId: user.id, cookie: signedIn.cookie };
}

/** A confirmed account, signed in: its cookie is a real session's. */
export async function signedInUser(
  target: FastifyInstance | Api,
  email: string,
  options: AccountOptions = {},
): Promise<SignedInUser> {
  await verifiedAccount(target, email, options);
  return signInAs(target, email, options.lang);
}

// ---- Uploads ----------------------------------------------------------------------------------

/** Sends a new image to POST /api/uploads (201 expected): its id. */
export async function uploaded(
  target: FastifyInstance | Api,
  cookie: string,
  image: { name: string; bytes: Buffer; type?: string },
): Promise<string> {
  const { payload, headers } = multipartFile(image.name, image.bytes, image.type);
  const res = await apiOf(target).send({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers, cookie },
    payload,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { id: string }).id;
}

// ---- Generations ------------------------------------------------------------------------------

export type GenerationState = 'processing' | 'completed' | 'failed';

export type GenerationOptions = {
  mode?: 'fusion' | 'express';
  locale?: Lang;
  /** What the render job would read (render-request.ts): the photos' storage keys for a Fusion. */
  request?: object;
  /** The spec's payload (payload.ts). */
  webhookData?: object;
  /** A completed generation's images, as the render job lists them. */
  images?: { key: string; width: number; height: number }[];
  /** A failed generation's reason. */
  reason?: MessageKey;
  /**
   * When it was started and last changed (and its result generated): a test's clock, which no
   * operation of the app sets, so it is the one statement written here.
   */
  at?: Date | string;
};

export type MadeGeneration = {
  id: string;
  userId: string;
  locale: Lang;
  state: GenerationState;
  /** A completed generation's result (user_image_generations). */
  resultId: string | null;
};

/**
 * A generation of `userId` in `state`, taken through the state machine's own operations: started
 * (insertProcessing, the allowance's reservation, attachJob), then completed or failed. The user's
 * allowance counts it as a start does: a free account with no credit left gets INSUFFICIENT_CREDITS,
 * and a user with an active generation ACTIVE_GENERATION.
 */
export async function generation(
  database: Database,
  userId: string,
  state: GenerationState,
  options: GenerationOptions = {},
): Promise<MadeGeneration> {
  const { mode = 'express', locale = 'fr', request = {}, webhookData = {} } = options;
  const id = randomUUID();
  await database.transaction(async (tx) => {
    const allowance = await lockAllowance(tx, userId);
    await records.insertProcessing(tx, {
      id,
      userId,
      progress: INITIAL_PROGRESS,
      webhookData,
      mode,
      request,
      locale,
    });
    const reservation = await allowance.reserve();
    if (!reservation.ok) throw new AppError('INSUFFICIENT_CREDITS');
    await records.attachJob(tx, id, { creditReserved: reservation.reserved, jobId: null });
  });
  const made: MadeGeneration = { id, userId, locale, state, resultId: null };
  if (state === 'completed') {
    const resultId = randomUUID();
    const images = options.images ?? [];
    const urls = images.map((_, index) => imagePath(resultId, index));
    const result = {
      id: resultId,
      webhookData: { ...webhookData, mode, allImages: urls, selectedImage: urls[0], images },
      imagesCount: images.length,
    };
    if (!(await records.complete(database, made, result))) throw new Error(`generation ${id} not completed`);
    made.resultId = resultId;
  } else if (state === 'failed') {
    if (!(await records.fail(database, made, options.reason ?? 'generations.failed')))
      throw new Error(`generation ${id} not failed`);
  }
  if (options.at !== undefined) await backdate(database, made, new Date(options.at).toISOString());
  return made;
}

async function backdate(database: Database, made: MadeGeneration, at: string): Promise<void> {
  await database.query(`update background_generations set created_at = $2, updated_at = $2 where id = $1`, [
    made.id,
    at,
  ]);
  if (made.resultId)
    await database.query(`update user_image_generations set generated_at = $2 where id = $1`, [
      made.resultId,
      at,
    ]);
}
