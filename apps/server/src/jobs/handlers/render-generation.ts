/**
 * Renders one generation (spec section 4): reads the uploads, renders the variants with the image
 * provider, reports progress, stores the images and writes user_image_generations, then marks the record
 * completed, all guarded by "still processing", so a cancel-all until the images are rendered wins and
 * leaves nothing behind; once they are being stored (FINISHING_PROGRESS) the generation completes. With
 * the webhook provider it first sends the spec's payload to the automation workflow and waits for its
 * callback (modules/generations/workflow.ts). A failure marks the record failed with a
 * message in the user's language and gives the credit back. Safe to run twice: a retried job for a
 * finished record does nothing, and one for a running record does not ask the workflow again.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { textlessFormat } from '@vitrine/shared/api/generation';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { createCopywriter } from '@vitrine/engine/copy/copywriter';
import type { ExpressCopy } from '@vitrine/engine/copy/types';
import { askWorkflow, WORKFLOW_PROGRESS, type WorkflowRequest } from '../../modules/generations/ask-workflow';
import { imagePath } from '../../modules/generations/image-links';
import type { RenderedVariant } from '../../modules/generations/render';
import { expressRenderRequest, fusionRenderRequest } from '../../modules/generations/render-request';
import * as records from '../../modules/generations/repository';
import { FINISHING_PROGRESS } from '../../modules/generations/service';
import { removeWorkflowResultFiles } from '../../modules/generations/workflow';
import { readAll, type Storage } from '../../modules/storage/storage';
import { storedCutoutFor } from '../../modules/cutouts/service';
import { brandInput } from '../../modules/brand/service';
import { idsOfStorageKeys } from '../../modules/uploads/repository';
import { recordGenerationsEnded } from '../../modules/metrics/metrics';
import type { JobContext } from '../job';

class Cancelled extends Error {}
class RenderFailure extends Error {
  constructor(
    readonly key: MessageKey,
    options?: { cause?: unknown },
  ) {
    super(key, options);
  }
}

/**
 * A model provider may take up to its time limit over one scene without any progress to report: the
 * record is touched this often meanwhile, so the sweeper never takes a live render for a dead one. The
 * queue's expiry of the job is another matter: counted from the job's start, nothing pushes it back
 * (renderJobExpireSeconds, in modules/generations/service.ts).
 */
const HEARTBEAT_MS = 60_000;

/** Progress while waiting for the workflow, then while rendering. */
const PROGRESS = {
  sourcesRead: WORKFLOW_PROGRESS.from,
  workflowAnswered: WORKFLOW_PROGRESS.to,
  rendered: 90,
} as const;

async function readSource(storage: Storage, key: string): Promise<Buffer> {
  try {
    return await readAll(storage, key);
  } catch (error) {
    throw new RenderFailure('generations.sourceMissing', { cause: error });
  }
}

function isEngineFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'EngineError';
}

export async function renderGenerationHandler(
  context: JobContext,
  { generationId }: { generationId: string },
) {
  const { database, storage, renderer, logger, workflow } = context;
  const row = await records.findForRender(database, generationId);
  if (!row || (row.status !== 'processing' && row.status !== 'pending')) {
    return { skipped: row ? `already ${row.status}` : 'no such generation' };
  }
  // Variants render side by side, and their reports can reach the database out of order: progress
  // only moves forward (a late 55 after 90 leaves 90), so nobody watching sees it go back.
  const report = async (progress: number) => {
    if (!(await records.reportProgress(database, row.id, progress))) throw new Cancelled();
  };
  let from: number = PROGRESS.sourcesRead;
  const onVariant = (done: number, total: number) =>
    report(from + Math.round(((PROGRESS.rendered - from) * done) / total));
  const ask = async (job: WorkflowRequest) => {
    // The marketplace image alone has no scene for the workflow to draw: it is not asked, nor waited for.
    const sceneless = job.mode === 'fusion' && textlessFormat(job.request.format) && !job.request.everyFormat;
    if (!workflow || sceneless) return undefined;
    const outcome = await askWorkflow(
      {
        database,
        storage,
        logger,
        workflow,
        uploadIds: (userId, keys) => idsOfStorageKeys(database, userId, keys),
        report,
        cancelled: () => new Cancelled(),
        sourceMissing: () => new RenderFailure('generations.sourceMissing'),
      },
      row,
      job,
    );
    await report((from = PROGRESS.workflowAnswered));
    return outcome;
  };
  const providerLog = {
    warn: (details: Record<string, unknown>, message: string) =>
      logger.warn({ generationId: row.id, ...details }, message),
  };
  const resultId = randomUUID();
  const stored: string[] = [];
  let copy: ExpressCopy | null = null;
  // The brand kit's logo, which the editor opens as a layer where the engine placed it.
  let brandLogo: string | null = null;
  const heartbeat = setInterval(() => {
    records.touch(database, row.id).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    let variants: RenderedVariant[];
    let format: string;
    if (row.mode === 'fusion') {
      const job = fusionRenderRequest.parse(row.request);
      format = job.request.format;
      // The cut-out the user checked on the Fusion page, if any, is used as it was stored.
      // The context photo uploaded, or the ready-made scene chosen instead (the engine draws or reads it).
      const [product, contextPhoto, stored, { brand, logoUploadId }] = await Promise.all([
        readSource(storage, job.productKey),
        job.contextKey === undefined ? null : readSource(storage, job.contextKey),
        storedCutoutFor(database, storage, row.userId, job.productKey),
        brandInput(storage, job.brand),
      ]);
      brandLogo = logoUploadId;
      // Neither for a marketplace image started without a scene (the engine needs none).
      const scene = contextPhoto
        ? { context: contextPhoto }
        : job.sceneId !== undefined
          ? { scene: job.sceneId }
          : {};
      await report(PROGRESS.sourcesRead);
      const outcome = await ask({ mode: 'fusion', ...job });
      variants = await renderer.fusion(
        {
          request: job.request,
          product,
          ...scene,
          cutout: stored,
          workflow: outcome,
          logger: providerLog,
          brand,
        },
        onVariant,
      );
    } else {
      const job = expressRenderRequest.parse(row.request);
      format = job.request.format;
      const { brand, logoUploadId } = await brandInput(storage, job.brand);
      brandLogo = logoUploadId;
      await report(PROGRESS.sourcesRead);
      const outcome = await ask({ mode: 'express', ...job });
      // The headline is written before the render: by the language model when one is configured,
      // otherwise (or when its answer is not usable) by the local copywriter.
      const copywriter = context.copywriter ?? createCopywriter({ kind: 'local' });
      copy = await copywriter.expressCopy(job.request);
      if (copy?.fallback) providerLog.warn({ ...copy.fallback }, 'Express copy written locally');
      variants = await renderer.express(
        { request: job.request, copy, workflow: outcome, logger: providerLog, brand },
        onVariant,
      );
    }
    // From here the generation is finishing: a cancel-all no longer takes it (nor its credit), and
    // one that came first stops it before any image is stored.
    await report(FINISHING_PROGRESS);
    const images = [];
    for (const [index, variant] of variants.entries()) {
      const key = `${row.userId}/${resultId}-${index}.jpg`;
      await storage.put(key, Readable.from(variant.jpeg));
      stored.push(key);
      // The picture before its text, for the editor to set the text again (decision 046).
      const plateKey = variant.plate ? `${row.userId}/${resultId}-${index}.plate.jpg` : null;
      if (plateKey) {
        await storage.put(plateKey, Readable.from(variant.plate!));
        stored.push(plateKey);
      }
      // Who drew the background, and why not the asked provider: never a key or a provider's text.
      // How the product was cut out, with the engine's confidence, and how it is shown.
      images.push({
        key,
        width: variant.width,
        height: variant.height,
        format: variant.format ?? format,
        ...(variant.engine && { engine: variant.engine }),
        ...(variant.cutout && { cutout: variant.cutout }),
        ...(variant.view && { view: variant.view }),
        ...(variant.light && { light: variant.light }),
        ...(variant.brand && {
          brand: { ...variant.brand, ...(variant.brand.logo && brandLogo && { logoUploadId: brandLogo }) },
        }),
        ...(variant.faces && { faces: variant.faces }),
        ...(variant.texts && { texts: variant.texts }),
        ...(plateKey && { plateKey, layers: variant.layers }),
      });
    }
    const urls = images.map((_, index) => imagePath(resultId, index));
    const webhookData = {
      ...(row.webhookData as Record<string, unknown>),
      mode: row.mode,
      allImages: urls,
      selectedImage: urls[0],
      images,
      // The words set on an Express visual, who wrote them and in which language.
      ...(copy && { copy }),
    };
    const result = { id: resultId, webhookData, imagesCount: images.length };
    if (!(await records.complete(database, row, result))) throw new Cancelled();
    recordGenerationsEnded([{ mode: row.mode, creditReturned: false }], 'completed');
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
    const failed = await records.fail(database, row, key);
    // A cancel or the sweeper that came first counted it.
    if (failed) recordGenerationsEnded([{ mode: row.mode, ...failed }], 'failed');
    return { failed: row.id, reason: key };
  } finally {
    clearInterval(heartbeat);
    // The workflow's images served their purpose, whatever the outcome.
    if (workflow) await removeWorkflowResultFiles(database, storage, row.id);
  }
}
