/**
 * Slogan suggestions for the Fusion form (contract in packages/shared/src/api/copy.ts): the copywriter
 * TEXT_PROVIDER names, the local one when a model fails. Limited per user, since each call may cost a
 * model request.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sloganSuggestionsBody, type SloganSuggestionsResponse } from '@vitrine/shared/api/copy';
import type { Copywriter } from '@vitrine/engine/copy/copywriter';
import { parseInput } from '../../http/validate';
import { requireUser } from '../auth/session';
import { hit, type Limit } from '../rate-limit/limiter';

/** Enough to ask again and again while writing, not enough to use the model as a free service. */
export const SLOGAN_SUGGESTIONS_LIMIT: Limit = { max: 30, windowSeconds: 3600 };

export function copyRoutes(copywriter: Copywriter): FastifyPluginAsync {
  return async (app) => {
    const { database, config } = app.deps;

    app.post('/copy/slogans', async (request, reply): Promise<SloganSuggestionsResponse> => {
      const { user } = await requireUser(request, reply);
      const context = parseInput(sloganSuggestionsBody, request.body);
      const limit = SLOGAN_SUGGESTIONS_LIMIT;
      await hit(database, `slogans:user:${user.id}`, {
        ...limit,
        max: limit.max * config.auth.rateLimitMultiplier,
      });
      const written = await copywriter.slogans(context);
      return { suggestions: written.suggestions, source: written.source };
    });
  };
}
