/**
 * Renders one generation (spec section 4): reads the uploads, renders the variants with the engine,
 * reports progress, stores the images and writes user_image_generations, then marks the record
 * completed, all guarded by "still processing", so a cancel-all at any moment wins and leaves nothing
 * behind. A failure marks the record failed with a message in the user's language and gives the credit
 * back. Safe to run twice: a retried job for a finished record does nothing.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { expressRequest, fusionRequest } from '@vitrine/shared/api/generation';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import type { Queryable } from '../../db/client';
import { releaseCredits } from '../../modules/generations/credits';
import { imagePath } from '../../modules/generations/image-links';
import type { RenderedVariant } from '../../modules/generations/render';
import { RENDER_JOB } from '../../modules/generations/service';
import type { Storage } from '../../modules/storage/storage';
import type { JobDefinition } from '../job';

class Cancelled extends Error {}
class RenderFailure extends Error {
  constructor(
    readonly key: MessageKey,
    options?: { cause?: unknown },
  ) {
    super(key, options);
  }
}

type Row = {
  id: string;
  user_id: string;
  mode: 'fusion' | 'express';
  status: string;
  locale: string;
  request: unknown;
  webhook_data: Record<string, unknown>;
};

const fusionJob = z.object({ request: fusionRequest, productKey: z.string(), contextKey: z.string() });
const expressJob = z.object({ request: expressRequest });

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    throw new RenderFailure('generations.sourceMissing', { cause: error });
  }
}

/** Marks the record failed (if it is still running) and gives its credit back, in one transaction. */
export async function failGeneration(
  tx: Queryable,
  row: { id: string; user_id: string; locale: string },
  key: MessageKey,
): Promise<boolean> {
  const failed = await tx.query(
    `update background_generations set status = 'failed', error_message = $2, updated_at = now()
     where id = $1 and status in ('pending', 'processing') returning id`,
    [row.id, translate(row.locale === 'en' ? 'en' : 'fr', key)],
  );
  await releaseCredits(tx, row.user_id, [row.id]);
  return failed.length > 0;
}

function isEngineFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'EngineError';
}

export const renderGeneration: JobDefinition<{ generationId: string }> = {
  name: RENDER_JOB,
  version: 1,
  payload: z.object({ generationId: z.uuid() }),
  concurrency: 1,
  pollingIntervalSeconds: 0.5,
  async handle({ database, storage, renderer, logger }, { generationId }) {
    const [row] = await database.query<Row>(
      `select id, user_id, mode, status, locale, request, webhook_data from background_generations where id = $1`,
      [generationId],
    );
    if (!row || (row.status !== 'processing' && row.status !== 'pending')) {
      return { skipped: row ? `already ${row.status}` : 'no such generation' };
    }
    const report = async (progress: number) => {
      const updated = await database.query(
        `update background_generations set progress = $2, updated_at = now()
         where id = $1 and status = 'processing' returning id`,
        [row.id, progress],
      );
      if (updated.length === 0) throw new Cancelled();
    };
    const onVariant = (done: number, total: number) => report(20 + Math.round((70 * done) / total));
    const resultId = randomUUID();
    const stored: string[] = [];
    try {
      let variants: RenderedVariant[];
      if (row.mode === 'fusion') {
        const job = fusionJob.parse(row.request);
        const [product, context] = await Promise.all([
          readAll(storage, job.productKey),
          readAll(storage, job.contextKey),
        ]);
        await report(20);
        variants = await renderer.fusion({ request: job.request, product, context }, onVariant);
      } else {
        const job = expressJob.parse(row.request);
        await report(20);
        variants = await renderer.express({ request: job.request }, onVariant);
      }
      const images = [];
      for (const [index, variant] of variants.entries()) {
        const key = `${row.user_id}/${resultId}-${index}.jpg`;
        await storage.put(key, Readable.from(variant.jpeg));
        stored.push(key);
        images.push({ key, width: variant.width, height: variant.height });
      }
      const urls = images.map((_, index) => imagePath(resultId, index));
      const webhookData = {
        ...row.webhook_data,
        mode: row.mode,
        allImages: urls,
        selectedImage: urls[0],
        images,
      };
      await database.transaction(async (tx) => {
        const completed = await tx.query(
          `update background_generations set status = 'completed', progress = 100, updated_at = now()
           where id = $1 and status = 'processing' returning id`,
          [row.id],
        );
        if (completed.length === 0) throw new Cancelled();
        await tx.query(
          `insert into user_image_generations (id, user_id, background_generation_id, webhook_data, images_count)
           values ($1, $2, $3, $4, $5)`,
          [resultId, row.user_id, row.id, JSON.stringify(webhookData), images.length],
        );
        // The credit is spent for good.
        await tx.query(`update background_generations set credit_reserved = false where id = $1`, [row.id]);
      });
      return { completed: row.id, images: images.length };
    } catch (error) {
      await Promise.all(stored.map((key) => storage.remove(key).catch(() => {})));
      if (error instanceof Cancelled) return { cancelled: row.id };
      const key: MessageKey =
        error instanceof RenderFailure
          ? error.key
          : isEngineFailure(error)
            ? 'generations.renderFailed'
            : 'generations.failed';
      logger.error({ err: error, generationId: row.id }, 'generation failed');
      await database.transaction((tx) => failGeneration(tx, row, key));
      return { failed: row.id, reason: key };
    }
  },
};
