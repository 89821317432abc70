import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { formatLongDate } from '../../../lib/format-date';
import type { ProfileResponse } from '../api/get-profile';

/** The read-only view of the personal information card. */
export function ProfileDetails({ data }: { data: ProfileResponse }) {
  const { t, i18n } = useTranslation();
  const { profile } = data;
  const rows: { labelKey: MessageKey; value: string | null; href?: string }[] = [
    { labelKey: 'account.fields.firstName', value: profile.firstName },
    { labelKey: 'account.fields.lastName', value: profile.lastName },
    { labelKey: 'account.fields.email', value: data.email },
    { labelKey: 'account.fields.phoneNumber', value: profile.phoneNumber },
    { labelKey: 'account.fields.companyName', value: profile.companyName },
    { labelKey: 'account.fields.jobTitle', value: profile.jobTitle },
    // The server accepts only http(s) addresses here, so the value is safe as a link.
    { labelKey: 'account.fields.website', value: profile.website, href: profile.website ?? undefined },
    { labelKey: 'account.fields.createdAt', value: formatLongDate(data.createdAt, i18n.language) },
  ];

  return (
    <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      {rows.map(({ labelKey, value, href }) => (
        <div key={labelKey} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-ink-400 uppercase">{t(labelKey)}</dt>
          <dd className="mt-1 truncate text-sm text-ink-900">
            {!value ? (
              <span className="text-ink-400 italic">{t('account.profile.notProvided')}</span>
            ) : href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
