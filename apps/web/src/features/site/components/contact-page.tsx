import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONTACT_LIMITS, contactInput } from '@vitrine/shared/api/contact';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { useSiteInfo } from '../api/site-info';
import { useSendContact } from '../api/send-contact';
import { PublicLayout } from './public-layout';

type Fields = { name: string; email: string; subject: string; message: string; website: string };
const EMPTY: Fields = { name: '', email: '', subject: '', message: '', website: '' };

const noSubscription = () => () => {};
/**
 * False in the HTML made at build time and until the page's code has taken it over: a form sent before
 * that would be a plain GET, the message in the address bar and the server's log.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function ContactPage() {
  return (
    <PublicLayout page="contact">
      <ContactContent />
    </PublicLayout>
  );
}

/**
 * The contact form (spec sections 2, 5 and 8): four required fields; the message is stored and
 * e-mailed to the team. Also the company's postal address and how to make a request about one's data.
 */
function ContactContent() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const [params] = useSearchParams();
  const [fields, setFields] = useState<Fields>(() => ({ ...EMPTY, subject: params.get('subject') ?? '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const send = useSendContact();
  const hydrated = useHydrated();

  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [key]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const parsed = contactInput.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, t));
      // As the browser would have: the keyboard lands on the first field to correct.
      setFocusRequest((n) => n + 1);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(fields);
      setFields(EMPTY);
      setOutcome({ ok: true, text: t('contact.success') });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      // A 429 from the server carries its own message (with the wait); one from elsewhere (a proxy) does not.
      const text =
        error instanceof ApiError && error.status === 429
          ? error.code === 'RATE_LIMITED'
            ? error.message
            : t('contact.rateLimited')
          : t('contact.error');
      setOutcome({ ok: false, text });
    }
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.5fr_1fr]">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
          {t('contact.title')}
        </h1>
        <p className="mt-4 text-lg text-ink-600">{t('contact.lead')}</p>
        {/* The page checks the fields itself, in its language (the browser's bubbles speak the
            browser's): nothing is sent until every field is right. */}
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="relative mt-8 space-y-5 rounded-2xl border border-ink-100 bg-white p-5 shadow-sm sm:p-8"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t('contact.name')}
              name="name"
              autoComplete="name"
              required
              value={fields.name}
              onChange={set('name')}
              error={errors.name}
            />
            <TextField
              label={t('contact.email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={set('email')}
              error={errors.email}
            />
          </div>
          <TextField
            label={t('contact.subject')}
            name="subject"
            required
            value={fields.subject}
            onChange={set('subject')}
            error={errors.subject}
          />
          <MessageField value={fields.message} onChange={set('message')} error={errors.message} />
          {/* Only form robots fill this: it is off-screen, out of the tab order and hidden from screen readers. */}
          <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
            <label>
              {t('contact.honeypot')}
              <input
                type="text"
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={fields.website}
                onChange={set('website')}
              />
            </label>
          </div>
          {outcome && (
            <p
              role={outcome.ok ? 'status' : 'alert'}
              className={`rounded-lg px-4 py-3 text-sm font-medium ${
                outcome.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'
              }`}
            >
              {outcome.text}
            </p>
          )}
          <Button type="submit" busy={send.isPending} disabled={!hydrated || send.isPending}>
            {send.isPending ? t('contact.sending') : t('contact.send')}
          </Button>
        </form>
      </div>
      <aside className="space-y-6">
        <div className="rounded-2xl border border-ink-100 bg-white p-6 shadow-sm">
          <h2 className="text-base font-semibold text-ink-900">{t('contact.addressTitle')}</h2>
          <address className="mt-3 text-sm not-italic leading-relaxed text-ink-800">
            {site.companyName}
            {site.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
        <div className="rounded-2xl border border-brand-100 bg-brand-50 p-6">
          <h2 className="text-base font-semibold text-ink-900">{t('contact.gdprTitle')}</h2>
          <p className="mt-3 text-sm leading-relaxed text-ink-800">{t('contact.gdpr')}</p>
        </div>
      </aside>
    </div>
  );
}

function MessageField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  // Counted as the form's check counts it (trimmed).
  const length = value.trim().length;
  const over = length > CONTACT_LIMITS.message;
  return (
    <div>
      <label htmlFor="contact-message" className="block text-sm font-medium text-ink-800">
        {t('contact.message')}
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      </label>
      <textarea
        id="contact-message"
        name="message"
        required
        rows={7}
        value={value}
        onChange={onChange}
        aria-invalid={error || over ? true : undefined}
        aria-describedby="contact-message-note"
        className={`mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-ink-900 shadow-xs outline-none transition ${
          error || over
            ? 'border-red-500 focus:ring-2 focus:ring-red-600'
            : 'border-ink-200 focus:border-brand-600 focus:ring-2 focus:ring-brand-600'
        }`}
      />
      {/* Over the limit, the text stays as typed or pasted (a maxlength would cut it silently). */}
      <p id="contact-message-note" className="mt-1.5 flex justify-between gap-3 text-sm">
        <span className="text-red-600">{error}</span>
        <span className={`text-xs tabular-nums ${over ? 'font-semibold text-red-600' : 'text-ink-400'}`}>
          {t('generate.characterCount', { count: length, max: CONTACT_LIMITS.message })}
        </span>
      </p>
    </div>
  );
}
