/** Accounts for browser tests, made through the app's own API in the page's context (its cookies). */
import type { Page } from 'playwright-core';

export const PASSWORD = 'Vitrine2026';

/** Signs up, follows the verification link from the dev mailbox and signs in. */
export async function signedInUser(
  page: Page,
  email: string,
  name: { firstName: string; lastName: string },
): Promise<void> {
  const api = page.request;
  await api.post('/api/auth/sign-up', { data: { email, password: PASSWORD, ...name } });
  // The verification e-mail is sent after the answer: it reaches the outbox a moment later.
  let link: string | undefined;
  for (let tries = 0; !link && tries < 100; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const { messages } = (await (await api.get('/api/dev/mailbox')).json()) as {
      messages: { to: string; links: string[] }[];
    };
    link = messages.find((m) => m.to === email)?.links.find((l) => l.includes('verify-email'));
  }
  if (!link) throw new Error(`no verification link for ${email}`);
  await api.get(link, { maxRedirects: 0 });
  const res = await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}
