import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/full-page-spinner';
import { MailIcon, SparklesIcon } from '../../../components/ui/icons';
import { Notice } from '../../../components/ui/notice';
import { useToast } from '../../../components/ui/toast';
import { browserStorage } from '../../../lib/browser-storage';
import { isPaidPlan, rememberPlan } from '../../billing/lib/pending-plan';
import { useSession } from '../../../lib/session';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleButton } from './google-button';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode = 'signIn' | 'signUp' | 'forgot';

/** /auth: sign in (default), sign up and forgotten password on one screen (spec section 2). */
export function AuthPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signUp' : 'signIn');
  const [forgotEmail, setForgotEmail] = useState('');
  /** The address a confirmation link was just sent to: said on the sign-in form, and filled in. */
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (params.get('error')) {
      toast({ variant: 'destructive', title: t('common.error'), description: t('auth.googleError') });
      // Only the error goes: a plan named in the address stays.
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('error');
          return next;
        },
        { replace: true },
      );
    }
  }, [params, setParams, t, toast]);

  // A plan chosen in the pricing before having an account: remembered until the user is signed in.
  const chosenPlan = params.get('plan');
  const plan = isPaidPlan(chosenPlan) ? chosenPlan : null;
  const signedOut = !session.isPending && !session.data;
  useEffect(() => {
    // Kept only for someone without an account yet (a signed-in user is sent on to /).
    if (plan && signedOut) rememberPlan(browserStorage(), plan, Date.now());
  }, [plan, signedOut]);

  useEffect(() => {
    document.title = `${t(`auth.${mode}Title`)} · ${t('app.name')}`;
  }, [mode, t]);

  if (session.isPending) return <FullPageSpinner />;
  // A signed-in user has nothing to do here (spec section 6).
  if (session.data) return <Navigate to="/" replace />;

  const link = (label: string, next: Mode) => (
    <button
      type="button"
      className="text-sm font-medium text-brand-700 hover:underline"
      onClick={() => {
        setSentTo(null);
        setMode(next);
      }}
    >
      {label}
    </button>
  );

  return (
    <AuthLayout title={t(`auth.${mode}Title`)} subtitle={t(`auth.${mode}Subtitle`)}>
      {mode !== 'forgot' && plan && !sentTo && (
        <Notice
          role="status"
          tone="info"
          icon={<SparklesIcon />}
          title={t('landing.pricing.pendingAuthTitle', { plan: t(`landing.pricing.${plan}`) })}
          className="mb-4"
        >
          {t('landing.pricing.pendingAuthText')}
        </Notice>
      )}
      {mode !== 'forgot' && <GoogleButton />}
      {mode === 'signIn' && sentTo && (
        <Notice
          role="status"
          tone="info"
          icon={<MailIcon />}
          title={t('auth.checkMailboxTitle')}
          className="mb-4"
        >
          {t('auth.checkMailbox', { email: sentTo })}
        </Notice>
      )}
      {mode === 'signIn' && (
        <SignInForm
          key={sentTo ?? ''}
          initialEmail={sentTo ?? ''}
          onForgot={(email) => {
            setSentTo(null);
            setForgotEmail(email);
            setMode('forgot');
          }}
        />
      )}
      {mode === 'signUp' && (
        <SignUpForm
          onDone={(email) => {
            setSentTo(email);
            setMode('signIn');
          }}
        />
      )}
      {mode === 'forgot' && (
        <ForgotPasswordForm initialEmail={forgotEmail} onDone={() => setMode('signIn')} />
      )}
      <div className="mt-6 text-center">
        {mode === 'signIn' && link(t('auth.toSignUp'), 'signUp')}
        {mode === 'signUp' && link(t('auth.toSignIn'), 'signIn')}
        {mode === 'forgot' && link(t('auth.backToSignIn'), 'signIn')}
      </div>
    </AuthLayout>
  );
}
