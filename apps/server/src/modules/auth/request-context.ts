/**
 * What better-auth's callbacks need to know about the request that triggered them (the reader's
 * language for e-mails, the profile typed at sign-up), carried through its calls without globals.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Lang } from '@vitrine/shared/locale';
import type { Profile } from '@vitrine/shared/api/auth';
import type { RequestMeta } from '../security-log/record';

export type AuthRequestContext = { lang: Lang; meta: RequestMeta; profile?: Profile };

export const authRequestContext = new AsyncLocalStorage<AuthRequestContext>();
