/**
 * GET and PATCH /api/profile: the signed-in user's own profile; the e-mail is not part of it, and both
 * say whether the account has a password (deleting it asks for it). PUT /api/profile/language: the
 * dashboard's language, which the account remembers (decision 038).
 */
import type { FastifyPluginAsync } from 'fastify';
import { languageUpdateInput, profileUpdateInput } from '@vitrine/shared/api/auth';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import { hasPassword } from '../account/repository';
import { requireUser } from '../auth/session';
import { recordSecurityEvent, requestMeta } from '../security-log/record';
import { readProfile, saveLanguage, updateProfile } from './repository';

export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { database } = app.deps;

  app.get('/profile', async (request, reply) => {
    const { user } = await requireUser(request, reply);
    const profile = await readProfile(database, user.id);
    if (!profile) throw new AppError('NOT_FOUND');
    return {
      email: user.email,
      createdAt: new Date(user.createdAt).toISOString(),
      profile,
      // Whether deleting the account asks for a password (an account made with Google has none).
      hasPassword: await hasPassword(database, user.id),
    };
  });

  app.patch('/profile', async (request, reply) => {
    const { user } = await requireUser(request, reply);
    const changes = parseInput(profileUpdateInput.partial(), request.body);
    const profile = await updateProfile(database, user.id, changes);
    if (!profile) throw new AppError('NOT_FOUND');
    // An update that names no field changes nothing: nothing to record.
    const changed = Object.keys(changes);
    if (changed.length)
      await recordSecurityEvent(database, requestMeta(request), {
        type: 'profile_updated',
        userId: user.id,
        riskLevel: 'low',
        details: `changed: ${changed.join(', ')}`,
      });
    return {
      email: user.email,
      createdAt: new Date(user.createdAt).toISOString(),
      profile,
      hasPassword: await hasPassword(database, user.id),
    };
  });

  app.put('/profile/language', async (request, reply) => {
    const { user } = await requireUser(request, reply);
    const { language } = parseInput(languageUpdateInput, request.body);
    if (!(await saveLanguage(database, user.id, language))) throw new AppError('NOT_FOUND');
    return { language };
  });
};
