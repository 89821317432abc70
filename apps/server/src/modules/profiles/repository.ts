import type { Profile } from '@vitrine/shared/api/auth';
import { isLang, type Lang } from '@vitrine/shared/locale';
import type { Database } from '../../db/client';
import type { profiles } from '../../db/schema';

export type ProfileRecord = typeof profiles.$inferSelect;

/** The profile as the API shows it: these columns of the row, under the schema's names. */
type ProfileRow = Pick<
  ProfileRecord,
  'firstName' | 'lastName' | 'companyName' | 'jobTitle' | 'phoneNumber' | 'website'
>;

const PROFILE = `first_name as "firstName", last_name as "lastName", company_name as "companyName",
  job_title as "jobTitle", phone_number as "phoneNumber", website`;

const toProfile = (row: ProfileRow): Profile => ({
  firstName: row.firstName,
  lastName: row.lastName,
  companyName: row.companyName,
  jobTitle: row.jobTitle,
  phoneNumber: row.phoneNumber,
  website: row.website,
});

export async function readProfile(database: Database, userId: string): Promise<Profile | null> {
  const [row] = await database.query<ProfileRow>(`select ${PROFILE} from profiles where id = $1`, [userId]);
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
  const [row] = await database.query<ProfileRow>(
    `update profiles set ${sets}, updated_at = now() where id = $1 returning ${PROFILE}`,
    [userId, ...entries.map((key) => changes[key] ?? null)],
  );
  return row ? toProfile(row) : null;
}

export async function readLanguage(database: Database, userId: string): Promise<Lang | null> {
  const [row] = await database.query<Pick<ProfileRecord, 'language'>>(
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
