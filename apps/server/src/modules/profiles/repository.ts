import type { Profile } from '@vitrine/shared/api/auth';
import { isLang, type Lang } from '@vitrine/shared/locale';
import type { Database } from '../../db/client';

type Row = {
  first_name: string;
  last_name: string;
  company_name: string | null;
  job_title: string | null;
  phone_number: string | null;
  website: string | null;
};

const toProfile = (row: Row): Profile => ({
  firstName: row.first_name,
  lastName: row.last_name,
  companyName: row.company_name,
  jobTitle: row.job_title,
  phoneNumber: row.phone_number,
  website: row.website,
});

export async function readProfile(database: Database, userId: string): Promise<Profile | null> {
  const [row] = await database.query<Row>(
    `select first_name, last_name, company_name, job_title, phone_number, website from profiles where id = $1`,
    [userId],
  );
  return row ? toProfile(row) : null;
}

/** Writes only the fields given; the row is always the signed-in user's own. */
export async function updateProfile(
  database: Database,
  userId: string,
  changes: Partial<Profile>,
): Promise<Profile | null> {
  const columns: Record<keyof Profile, string> = {
    firstName: 'first_name',
    lastName: 'last_name',
    companyName: 'company_name',
    jobTitle: 'job_title',
    phoneNumber: 'phone_number',
    website: 'website',
  };
  const entries = (Object.keys(columns) as (keyof Profile)[]).filter((key) => changes[key] !== undefined);
  if (entries.length === 0) return readProfile(database, userId);
  const sets = entries.map((key, i) => `${columns[key]} = $${i + 2}`).join(', ');
  const [row] = await database.query<Row>(
    `update profiles set ${sets}, updated_at = now() where id = $1
     returning first_name, last_name, company_name, job_title, phone_number, website`,
    [userId, ...entries.map((key) => changes[key] ?? null)],
  );
  return row ? toProfile(row) : null;
}

export async function readLanguage(database: Database, userId: string): Promise<Lang | null> {
  const [row] = await database.query<{ language: string | null }>(
    `select language from profiles where id = $1`,
    [userId],
  );
  return isLang(row?.language) ? row.language : null;
}

export async function saveLanguage(database: Database, userId: string, language: Lang): Promise<boolean> {
  const rows = await database.query<{ id: string }>(
    `update profiles set language = $2, updated_at = now() where id = $1 returning id`,
    [userId, language],
  );
  return rows.length > 0;
}
