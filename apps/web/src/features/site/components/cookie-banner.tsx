import { Fragment, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLang } from '@vitrine/shared/locale';
import { twinPath } from '@vitrine/shared/routes';
import { Button } from '../../../components/ui/button';
import { browserStorage } from '../../../lib/browser-storage';
import { OPEN_COOKIE_SETTINGS, readConsent, saveConsent, type ConsentChoice } from '../lib/consent';

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** Whether a choice is still to be made; false while the page is rendered at build time. */
function useNeedsConsent(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readConsent(browserStorage(), Date.now()) === null,
    () => false,
  );
}

/**
 * The cookie banner (spec sections 2 to 4): a simple view (settings, reject all, accept all) and a
 * detailed one (a toggle per category, reject all, save). It appears after the page has loaded, when
 * no valid choice is stored, and again from the footer's "Cookie settings". No analytics or marketing
 * script exists in the app: the optional categories are recorded, and nothing more is loaded.
 */
export function CookieBanner() {
  const { t, i18n } = useTranslation();
  const needsConsent = useNeedsConsent();
  const [detailed, setDetailed] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>({ analytics: false, marketing: false });
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Where focus was when the detailed view was opened from elsewhere (the footer's "Cookie settings"):
  // it goes back there once the choice is saved.
  const returnFocus = useRef<HTMLElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    const open = () => {
      const stored = readConsent(browserStorage(), Date.now());
      setChoice({ analytics: stored?.analytics ?? false, marketing: stored?.marketing ?? false });
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setDetailed(true);
      setFocusRequest((n) => n + 1);
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS, open);
  }, []);

  // While the banner is up, the page keeps what gets focus or is scrolled to clear of it, and so do
  // the notices (toast.tsx).
  const sectionRef = useRef<HTMLElement>(null);
  const shown = detailed || needsConsent;
  useEffect(() => {
    const section = sectionRef.current;
    if (!shown || !section) return;
    const root = document.documentElement;
    const clear = () => {
      const covered = Math.max(0, window.innerHeight - section.getBoundingClientRect().top);
      root.style.scrollPaddingBottom = `${covered + 8}px`;
      // Notices, which show in the bottom corner too, stand above it.
      root.style.setProperty('--cookie-banner-height', `${covered}px`);
    };
    clear();
    const observer = new ResizeObserver(clear);
    observer.observe(section);
    window.addEventListener('resize', clear);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', clear);
      root.style.scrollPaddingBottom = '';
      root.style.removeProperty('--cookie-banner-height');
    };
  }, [shown, detailed]);

  // The detailed view takes the focus when it opens, so keyboard users land on its toggles.
  useEffect(() => {
    if (focusRequest > 0) titleRef.current?.focus();
  }, [focusRequest]);

  const view = detailed ? 'detailed' : needsConsent ? 'simple' : 'hidden';
  if (view === 'hidden') return null;
  // Reopened from the footer after a choice was made, the settings may be left as they are.
  const dismissible = view === 'detailed' && !needsConsent;
  const dismiss = () => {
    setDetailed(false);
    if (returnFocus.current?.isConnected) returnFocus.current.focus();
    returnFocus.current = null;
  };
  const decide = (decided: ConsentChoice) => {
    saveConsent(browserStorage(), decided, Date.now());
    for (const listener of listeners) listener();
    dismiss();
  };
  const showDetails = () => {
    setDetailed(true);
    setFocusRequest((n) => n + 1);
  };
  const lang = isLang(i18n.language) ? i18n.language : 'fr';
  const toggle = (key: keyof ConsentChoice, label: string, text: string) => (
    <li className="flex items-start justify-between gap-4 py-3">
      <div>
        <p className="text-sm font-semibold text-ink-900">{label}</p>
        <p className="mt-0.5 text-sm text-ink-600">{text}</p>
      </div>
      <input
        type="checkbox"
        role="switch"
        aria-label={label}
        checked={choice[key]}
        onChange={(event) => setChoice({ ...choice, [key]: event.target.checked })}
        className="mt-1 size-5 shrink-0 accent-brand-600"
      />
    </li>
  );

  return (
    <section
      ref={sectionRef}
      role="region"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && dismissible) dismiss();
      }}
      className={`fixed inset-x-2 bottom-2 z-40 mx-auto max-h-[85vh] max-w-2xl overflow-y-auto rounded-2xl border border-ink-100 bg-white p-5 shadow-2xl sm:inset-x-4 sm:bottom-4 sm:p-6 ${
        // On a wide screen the first question waits in the bottom right-hand corner, clear of the
        // pages' text column and of the home page's calls to action.
        view === 'simple' ? 'lg:right-6 lg:bottom-6 lg:left-auto lg:mx-0 lg:max-w-md' : ''
      }`}
    >
      <h2
        id={titleId}
        ref={titleRef}
        tabIndex={-1}
        className="text-base font-semibold text-ink-900 outline-none"
      >
        {view === 'simple' ? t('cookieConsent.title') : t('cookieConsent.detailTitle')}
      </h2>
      <p className="mt-2 text-sm text-ink-600">
        {t('cookieConsent.text')}{' '}
        <Link to={twinPath('cookies', lang)} className="font-medium text-brand-700 underline">
          {t('cookieConsent.policy')}
        </Link>
      </p>
      {view === 'detailed' && (
        <ul className="mt-3 divide-y divide-ink-100 border-y border-ink-100">
          <li className="flex items-start justify-between gap-4 py-3">
            <div>
              <p className="text-sm font-semibold text-ink-900">{t('cookieConsent.necessary')}</p>
              <p className="mt-0.5 text-sm text-ink-600">{t('cookieConsent.necessaryText')}</p>
            </div>
            <input
              type="checkbox"
              role="switch"
              aria-label={`${t('cookieConsent.necessary')} (${t('cookieConsent.alwaysOn')})`}
              checked
              disabled
              className="mt-1 size-5 shrink-0 accent-brand-600"
            />
          </li>
          {toggle('analytics', t('cookieConsent.analytics'), t('cookieConsent.analyticsText'))}
          {toggle('marketing', t('cookieConsent.marketing'), t('cookieConsent.marketingText'))}
        </ul>
      )}
      {/* One order for the eye and the keyboard: top to bottom on a phone, left to right above. */}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        {view === 'simple' ? (
          <Fragment key="simple">
            <Button variant="ghost" onClick={showDetails}>
              {t('cookieConsent.settings')}
            </Button>
            <Button variant="secondary" onClick={() => decide({ analytics: false, marketing: false })}>
              {t('cookieConsent.rejectAll')}
            </Button>
            <Button onClick={() => decide({ analytics: true, marketing: true })}>
              {t('cookieConsent.acceptAll')}
            </Button>
          </Fragment>
        ) : (
          <Fragment key="detailed">
            {dismissible && (
              <Button variant="ghost" onClick={dismiss}>
                {t('common.close')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => decide({ analytics: false, marketing: false })}>
              {t('cookieConsent.rejectAll')}
            </Button>
            <Button onClick={() => decide(choice)}>{t('cookieConsent.save')}</Button>
          </Fragment>
        )}
      </div>
    </section>
  );
}
