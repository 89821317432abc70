/**
 * An account on a server running as its own process, made over HTTP as a person would: sign-up, the
 * verification link from the dev mailbox (PUBLIC_URL must be the address fetched), sign-in.
 */
import { PASSWORD } from './accounts';
import { multipartFile } from './multipart';

type Mailbox = { messages: { to: string; links: string[] }[] };

/** Signs up, verifies the address and signs in: the session cookie. */
export async function signUpOverHttp(
  base: string,
  email: string,
  language: 'fr' | 'en' = 'fr',
): Promise<string> {
  const signedUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Test', lastName: 'User' }),
  });
  // The browser that signed up opens the link: its cookie lets the link activate the password.
  const browser = cookiesOf(signedUp);
  // The verification e-mail is sent after the answer: it reaches the outbox a moment later.
  let link: string | undefined;
  for (let tries = 0; !link && tries < 100; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const mailbox = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as Mailbox;
    link = mailbox.messages.find((m) => m.to === email)?.links.find((l) => l.includes('verify-email'));
  }
  if (!link) throw new Error(`no verification link for ${email}`);
  await fetch(link.replace(/^https?:\/\/[^/]+/, base), { redirect: 'manual', headers: { cookie: browser } });
  const signedIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
  return cookiesOf(signedIn);
}

/** The cookies a response sets, as a browser would send them back. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Uploads an image: its upload id. */
export async function uploadOverHttp(
  base: string,
  cookie: string,
  name: string,
  bytes: Buffer,
): Promise<string> {
  const { payload, headers } = multipartFile(name, bytes);
  const res = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: payload,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
