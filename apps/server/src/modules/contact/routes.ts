/**
 * POST /api/contact: the public contact form (spec sections 2, 5 and 8). A message is stored, then
 * e-mailed to CONTACT_EMAIL with Reply-To the sender; if the e-mail cannot be sent it stays stored
 * (mailed_at empty) and the sender still gets the success answer, so nothing written is lost. The hidden
 * `website` field is only ever filled by robots: such a message gets the same answer and is dropped.
 * GET /api/site: what the public pages say about the operator.
 */
import type { FastifyPluginAsync } from 'fastify';
import { contactInput, type ContactResponse } from '@vitrine/shared/api/contact';
import type { SiteInfo } from '@vitrine/shared/api/site';
import { parseInput } from '../../http/validate';
import { requestLang } from '../../http/request-lang';
import { currentSession, hasSessionCookie } from '../auth/session';
import { limitContact, receiveMessage } from './service';

/** The form's four fields are bounded (5,000 characters of message): a larger body is not a message. */
export const CONTACT_BODY_LIMIT = 32 * 1024;

export const contactRoutes: FastifyPluginAsync = async (app) => {
  const { database, config } = app.deps;

  app.get('/site', async (_request, reply): Promise<SiteInfo> => {
    reply.header('cache-control', 'public, max-age=300');
    return config.site;
  });

  app.post(
    '/contact',
    { bodyLimit: CONTACT_BODY_LIMIT },
    async (request, reply): Promise<ContactResponse> => {
      const input = parseInput(contactInput, request.body);
      if (input.website?.trim()) {
        request.log.info({ honeypot: true }, 'contact message from a form robot dropped');
        return { ok: true };
      }
      const multiplier = config.auth.rateLimitMultiplier;
      await limitContact(database, { ip: request.ip, email: input.email, multiplier });
      const session = hasSessionCookie(request)
        ? await currentSession(request, reply, { passive: true })
        : null;
      const deps = { database, mailer: app.deps.mailer, to: config.site.contactEmail, log: request.log };
      await receiveMessage(deps, input, { lang: requestLang(request), userId: session?.user.id ?? null });
      return { ok: true };
    },
  );
};
