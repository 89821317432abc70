import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useProviders } from '../api/session';

/** 'Continue with Google', shown only when the server has Google sign-in configured. */
export function GoogleButton({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const providers = useProviders();
  const [connecting, setConnecting] = useState(false);
  if (!providers.data?.google) return null;
  return (
    <>
      <Button
        variant="secondary"
        className="w-full"
        busy={connecting}
        disabled={connecting || disabled}
        onClick={() => {
          setConnecting(true);
          window.location.assign('/api/auth/google');
        }}
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8.1z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3 .6 4.1 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        {connecting ? t('auth.googleConnecting') : t('auth.google')}
      </Button>
      <div className="my-5 flex items-center gap-3 text-xs text-ink-400 uppercase">
        <span className="h-px flex-1 bg-ink-100" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-ink-100" />
      </div>
    </>
  );
}
