/**
 * What better-auth's callbacks need to know about the request that triggered them (the reader's
 * language for e-mails, the profile typed at sign-up), carried through its calls without globals.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Lang } from '@vitrine/shared/locale';
import type { Profile } from '@vitrine/shared/api/auth';
import type { RequestMeta } from '../security-log/record';

export type AuthRequestContext = {
  lang: Lang;
  meta: RequestMeta;
  profile?: Profile;
  /** Set by the sign-up transaction when it made an account (not for an address that had one). */
  createdUserId?: string;
  /** Takes a new reset link instead of mailing it (the confirmation link's "choose your password"). */
  onResetLink?: (token: string) => void;
  /** The confirmation link is opened in the browser that chose the account's password (confirmation.ts). */
  choseThePassword?: boolean;
};

export const authRequestContext = new AsyncLocalStorage<AuthRequestContext>();
