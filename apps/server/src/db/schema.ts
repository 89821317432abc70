/**
 * The database schema. Table and column names follow SPEC.md section 3, so the spec's queries read
 * naturally here. Users are the accounts table that authentication fills in; everything per user points
 * at it and goes with it when an account is deleted.
 */
import { sql } from 'drizzle-orm';
import { UPLOAD_ROLES } from '@vitrine/shared/api/uploads';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name'),
    phoneNumber: text('phone_number'),
    jobTitle: text('job_title'),
    website: text('website'),
    /**
     * The language the person signed up in, then the last one chosen in the dashboard: a dashboard
     * opened where none is remembered yet starts in it. Null for accounts made before it was recorded.
     */
    language: text('language', { enum: ['fr', 'en'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('profiles_language_valid', sql`${t.language} in ('fr', 'en')`)],
);

export const userSubscriptionInfo = pgTable(
  'user_subscription_info',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    freeGenerationsUsed: integer('free_generations_used').notNull().default(0),
    hasSubscription: boolean('has_subscription').notNull().default(false),
    /** Set by billing: 'starter' or 'pro' (compared in lower case), and when the paid period ends. */
    subscriptionTier: text('subscription_tier'),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
    /** The subscription was cancelled and stops at subscription_end. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The payment provider's customer and subscription (Stripe's cus_… and sub_…, or the local ones). */
    billingCustomerId: text('billing_customer_id'),
    billingSubscriptionId: text('billing_subscription_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('free_generations_used_not_negative', sql`${t.freeGenerationsUsed} >= 0`),
    uniqueIndex('user_subscription_info_customer_idx').on(t.billingCustomerId),
  ],
);

/** Each worker process says it is alive every 30 seconds; the status page reads the latest. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  worker: text('worker').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});

export const CHECKOUT_STATUSES = ['open', 'complete', 'cancelled'] as const;

/** The local test-mode checkout's sessions (docs/decisions/026); Stripe keeps its own. */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['starter', 'pro'] }).notNull(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    lang: text('lang', { enum: ['fr', 'en'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('billing_checkouts_user_idx').on(t.userId),
    check('billing_checkouts_plan', sql`${t.plan} in ('starter', 'pro')`),
    check('billing_checkouts_status', sql`${t.status} in ('open', 'complete', 'cancelled')`),
  ],
);

export const GENERATION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

export const backgroundGenerations = pgTable(
  'background_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GENERATION_STATUSES }).notNull(),
    progress: integer('progress'),
    webhookData: jsonb('webhook_data').notNull(),
    errorMessage: text('error_message'),
    /** 'fusion' or 'express', and the validated request the worker renders from. */
    mode: text('mode', { enum: ['fusion', 'express'] })
      .notNull()
      .default('fusion'),
    request: jsonb('request'),
    /** Language of the user who started it: failure messages are written in it. */
    locale: text('locale').notNull().default('fr'),
    /** True while a free credit is held for this generation; cleared when it is given back. */
    creditReserved: boolean('credit_reserved').notNull().default(false),
    jobId: text('job_id'),
    /**
     * With IMAGE_PROVIDER=webhook, what the workflow's callback brought, for the waiting worker: the
     * storage keys of the images it sent, or why there are none (docs/decisions/007).
     */
    workflowResult: jsonb('workflow_result'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The sweeper looks for generations whose worker stopped reporting.
    index('background_generations_active_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
    check(
      'background_generations_status_valid',
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`,
    ),
    check('background_generations_progress_range', sql`${t.progress} between 0 and 100`),
    index('background_generations_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The spec allows one pending or processing generation per user; the database enforces it.
    uniqueIndex('background_generations_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'processing')`),
  ],
);

export const userImageGenerations = pgTable(
  'user_image_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    backgroundGenerationId: uuid('background_generation_id').references(() => backgroundGenerations.id, {
      onDelete: 'set null',
    }),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    webhookData: jsonb('webhook_data').notNull(),
    imagesCount: integer('images_count').notNull().default(1),
  },
  (t) => [
    check('user_image_generations_images_count_positive', sql`${t.imagesCount} >= 0`),
    index('user_image_generations_user_generated_idx').on(t.userId, t.generatedAt.desc()),
    // The retention job deletes by age across all users.
    index('user_image_generations_generated_idx').on(t.generatedAt),
  ],
);

export const securityLogs = pgTable(
  'security_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    eventDetails: jsonb('event_details').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('security_logs_user_created_idx').on(t.userId, t.createdAt.desc())],
);

// Authentication tables, in the shape better-auth expects (its models mapped to these names).

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_key').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Fixed-window request counters, shared by every process through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Images a user uploaded or imported from a URL; the bytes live in storage under `storage_key`. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    sourceUrl: text('source_url'),
    /** What it was sent as ('product', 'context' or 'logo'): the pickers offer it again under that role. */
    role: text('role', { enum: UPLOAD_ROLES }),
    /**
     * SHA-256 of the file's bytes (hex): the same file sent again for the same role is the same upload.
     * Null for uploads stored before it was recorded.
     */
    contentSha256: text('content_sha256'),
    /** Uploaded, or used by a generation: an upload expires a year after its last use. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_storage_key_key').on(t.storageKey),
    index('uploads_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('uploads_user_role_used_idx').on(t.userId, t.role, t.lastUsedAt.desc(), t.id.desc()),
    index('uploads_last_used_idx').on(t.lastUsedAt),
    index('uploads_user_role_content_idx').on(t.userId, t.role, t.contentSha256),
    check('uploads_role_valid', sql`${t.role} in ('product', 'context', 'logo')`),
  ],
);

/**
 * A user's cut-out in flight, whichever process works it out: at most one per user (a second is
 * refused, not queued). `claim` names the holder, which releases it; a claim older than any cut-out
 * may take (a process that died holding it) is taken over.
 */
export const cutoutClaims = pgTable('cutout_claims', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  claim: uuid('claim').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The product cut-out of an upload, as the user checked it on the Fusion page: the automatic result,
 * the user's corrections, or the whole photo. Generations using the upload use this. The mask and its
 * preview live in storage; `version` changes with each new mask (it is part of their URLs).
 */
export const uploadCutouts = pgTable(
  'upload_cutouts',
  {
    uploadId: uuid('upload_id')
      .primaryKey()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    choice: text('choice', { enum: ['auto', 'cutout', 'whole'] }).notNull(),
    method: text('method').notNull(),
    framed: boolean('framed').notNull(),
    reason: text('reason'),
    confidence: doublePrecision('confidence').notNull(),
    coverage: doublePrecision('coverage').notNull(),
    /** Separate pieces of the mask (0 when none was found): more than one asks the user to look twice. */
    pieces: integer('pieces').notNull().default(1),
    /** The mask runs from one side of the photo to the other: it may hold a band of the background. */
    crossesFrame: boolean('crosses_frame').notNull().default(false),
    maskKey: text('mask_key'),
    previewKey: text('preview_key'),
    /**
     * With strokes: the mask they were painted on (the automatic one, or the box's), so that the next
     * strokes on the same box start from it without segmenting again. Null without strokes (the mask
     * itself is then that mask), or when none is kept.
     */
    baseMaskKey: text('base_mask_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    corrections: jsonb('corrections'),
    ms: integer('ms').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('upload_cutouts_choice_valid', sql`${t.choice} in ('auto', 'cutout', 'whole')`),
    index('upload_cutouts_user_idx').on(t.userId),
  ],
);

/**
 * The image editor's saved document for one image of a finished generation (packages/shared/src/api/
 * editor.ts): its logo and text layers. It goes with the generation's result (deleted, or past the
 * year of history). `logo_upload_id` repeats the document's logo so that a logo still in use is found
 * by index, and is cleared when that upload is deleted.
 */
export const generationEdits = pgTable(
  'generation_edits',
  {
    resultId: uuid('result_id')
      .notNull()
      .references(() => userImageGenerations.id, { onDelete: 'cascade' }),
    imageIndex: integer('image_index').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: jsonb('document').notNull(),
    logoUploadId: uuid('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** Names this save; the next save says it was made from it (If-Match), or is refused as a conflict. */
    version: text('version')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
  },
  (t) => [
    primaryKey({ columns: [t.resultId, t.imageIndex] }),
    // A result holds up to 32 images: four variants in each of eight formats ("every format").
    check('generation_edits_image_index_range', sql`${t.imageIndex} between 0 and 31`),
    index('generation_edits_logo_idx').on(t.logoUploadId),
  ],
);

/**
 * The shop's brand kit (Account page, "Ma marque"; packages/shared/src/api/brand.ts), one per user:
 * its colours as [{hex, name}], its logo upload, typography and signature line. A generation copies
 * it into its request when it starts, so a later change never alters it. `logo_upload_id` keeps that
 * upload while the kit uses it (uploads repository, inUse), and is cleared when the upload is deleted.
 */
export const brandKits = pgTable(
  'brand_kits',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    colours: jsonb('colours').notNull().default([]),
    logoUploadId: uuid('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    typography: text('typography'),
    signature: text('signature'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('brand_kits_colours_count', sql`jsonb_array_length(${t.colours}) between 0 and 5`),
    index('brand_kits_logo_idx').on(t.logoUploadId),
  ],
);

/**
 * Messages sent through the public contact form (spec section 2). Kept 12 months, then deleted by the
 * daily retention job; e-mailed to CONTACT_EMAIL when received (mailed_at stays empty if that failed).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    lang: text('lang').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * Accounts deleted whose files are not all removed yet (the storage failed during the deletion): the
 * history retention job removes what is left under their prefix, then the row (docs/decisions/072).
 * No foreign key: the user is gone.
 */
export const deletedOwners = pgTable('deleted_owners', {
  userId: text('user_id').primaryKey(),
  deletedAt: createdAt(),
});

/**
 * Files whose rows are gone but whose removal failed (the storage was away): the history retention job
 * removes them later, so that no file is left behind for good (docs/decisions/072).
 */
export const filesToRemove = pgTable('files_to_remove', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: createdAt(),
});
