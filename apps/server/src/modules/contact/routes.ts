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
import { hit, type Limit } from '../rate-limit/limiter';
import { clientBucket } from '../rate-limit/client-address';
import { currentSession, hasSessionCookie } from '../auth/session';
import { contactEmail } from './email';
import * as messages from './repository';

/** A person writes a few messages at most; a robot writes many. Scaled by RATE_LIMIT_MULTIPLIER. */
export const CONTACT_LIMITS = {
  email: { max: 5, windowSeconds: 3600 },
  ip: { max: 20, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

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
      const scaled = (limit: Limit) => ({ ...limit, max: limit.max * config.auth.rateLimitMultiplier });
      await hit(
        database,
        `contact:ip:${clientBucket(request.ip)}`,
        scaled(CONTACT_LIMITS.ip),
        'errors.CONTACT_RATE_LIMITED',
      );
      await hit(
        database,
        `contact:email:${input.email}`,
        scaled(CONTACT_LIMITS.email),
        'errors.CONTACT_RATE_LIMITED',
      );
      const session = hasSessionCookie(request)
        ? await currentSession(request, reply, { passive: true })
        : null;
      const lang = requestLang(request);
      const id = await messages.insert(database, { ...input, lang, userId: session?.user.id ?? null });
      try {
        await app.deps.mailer.send(contactEmail(config.site.contactEmail, { ...input, lang }));
        await messages.markMailed(database, id);
      } catch (error) {
        request.log.error({ err: error, contactMessage: id }, 'contact message stored but not e-mailed');
      }
      return { ok: true };
    },
  );
};
