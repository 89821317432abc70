/** The password reset routes (password-reset.ts): ask for a link, check one, reset with it. */
import type { FastifyPluginAsync } from 'fastify';
import { emailOnlyInput, resetPasswordInput, resetTokenInput } from '@vitrine/shared/api/auth';
import { parseInput } from '../../http/validate';
import { clientBucket } from '../rate-limit/client-address';
import { limitAttempt } from '../rate-limit/limiter';
import { checkResetLink, resetPassword, sendResetLink } from './password-reset';

export const passwordRoutes: FastifyPluginAsync = async (app) => {
  const { database, config } = app.deps;
  const multiplier = config.auth.rateLimitMultiplier;

  app.post('/password/forgot', async (request) => {
    const { email } = parseInput(emailOnlyInput, request.body);
    await limitAttempt(database, 'passwordReset', clientBucket(request.ip), email, multiplier);
    await sendResetLink(request, email);
    // The same answer whether or not the address has an account.
    return { status: 'sent_if_registered' };
  });

  // Whether a reset link still works.
  app.post('/password/check', async (request) => {
    const { token } = parseInput(resetTokenInput, request.body);
    await limitAttempt(database, 'resetLinkCheck', clientBucket(request.ip), undefined, multiplier);
    await checkResetLink(request, token);
    return { status: 'valid' };
  });

  app.post('/password/reset', async (request) => {
    const { token, password } = parseInput(resetPasswordInput, request.body);
    await resetPassword(request, token, password);
    return { status: 'password_changed' };
  });
};
