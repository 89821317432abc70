/** Test helpers that create accounts through the API, the way a person would. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
// The app's own fields on FastifyInstance (deps), for the projects that read these helpers alone.
import type {} from '../../src/app';

export const PASSWORD = 'Vitrine2026';

export type Mail = { id: string; to: string; subject: string; date: string; links: string[] };

/** A GET to the dev mailbox as a browser on this machine sends it: to PUBLIC_URL's host. */
export function mailboxGet(app: FastifyInstance, url: string, extra: InjectOptions = {}) {
  const host = new URL(app.deps.config.publicUrl).host;
  return app.inject({ method: 'GET', url, ...extra, headers: { host, ...extra.headers } });
}

export async function mailbox(app: FastifyInstance): Promise<Mail[]> {
  const res = await mailboxGet(app, '/api/dev/mailbox');
  return (res.json() as { messages: Mail[] }).messages;
}

/**
 * The messages that match, once there are at least `count` of them: account e-mails are sent after the
 * answer (so that its timing says nothing), and reach the outbox a moment later.
 */
export async function waitForMail(
  app: FastifyInstance,
  match: (mail: Mail) => boolean,
  count = 1,
  timeoutMs = 5000,
): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox(app)).filter(match);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The newest link sent to an address whose path contains `pathPart`. */
export async function linkFor(app: FastifyInstance, to: string, pathPart: string): Promise<string> {
  const [mail] = await waitForMail(app, (m) => m.to === to && m.links.some((l) => l.includes(pathPart)));
  const link = mail?.links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`no mail to ${to} with a link containing ${pathPart}`);
  return link;
}

export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export function signUp(
  app: FastifyInstance,
  body: Record<string, unknown>,
  lang = 'fr',
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { 'accept-language': lang },
    payload: { password: PASSWORD, firstName: 'Camille', lastName: 'Durand', ...body },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export function signIn(app: FastifyInstance, email: string, password = PASSWORD, lang = 'fr') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'accept-language': lang },
    payload: { email, password },
  });
}

/** Asks for a password reset link for `email` and reads its token from the e-mail. */
export async function resetToken(app: FastifyInstance, email: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
  return new URL(await linkFor(app, email, '/reset-password')).searchParams.get('token')!;
}

export function sessionOf(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
}
