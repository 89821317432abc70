import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressRequest } from '@vitrine/shared/api/generation';
import { planExpressVariants } from '../art-direction/express-plan';
import { planFusionVariants } from '../art-direction/plan';
import { EngineError } from '../errors';
import { DEFAULT_RENDER_THREADS } from './thread-count';
import { baseRequest, renderInputs } from '../test-utils/render-fixtures';
import { renderExpressVariant } from './express/render-express';
import { renderFusionVariant } from './fusion/render-fusion';
import {
  closeRenderThreads,
  configureRenderThreads,
  liveRenderThreads,
  variantRenderer,
  variantsInFlight,
} from './threads';

let inputs: Awaited<ReturnType<typeof renderInputs>>;
beforeAll(async () => {
  inputs = await renderInputs();
  await configureRenderThreads(2);
}, 60_000);
afterAll(() => configureRenderThreads(DEFAULT_RENDER_THREADS));

describe('render threads', () => {
  it('render the same images and metadata as the calling thread, Fusion and Express', async () => {
    const plans = planFusionVariants(
      baseRequest({ style: 'vintage', slogan: 'Café « maison » !', variants: 2 }),
    );
    const express = planExpressVariants(
      expressRequest.parse({
        style: 'naturel',
        format: 'square',
        description: 'Miel de lavande',
        variants: 1,
      }),
    );
    const [threaded, threadedExpress] = await Promise.all([
      Promise.all(plans.map((plan) => variantRenderer.fusion(plan, inputs.studio, inputs.context))),
      variantRenderer.express(express[0]!),
    ]);
    for (const [i, plan] of plans.entries()) {
      const local = await renderFusionVariant(plan, inputs.studio, inputs.context);
      expect(Buffer.isBuffer(threaded[i]!.images.jpeg)).toBe(true);
      expect(threaded[i]!.images.jpeg!.equals(local.images.jpeg!)).toBe(true);
      const { timings: _t, ...metadata } = threaded[i]!.metadata;
      const { timings: _l, ...expected } = local.metadata;
      expect(metadata).toEqual(expected);
    }
    const localExpress = await renderExpressVariant(express[0]!);
    expect(threadedExpress.images.jpeg!.equals(localExpress.images.jpeg!)).toBe(true);
    expect(threadedExpress.metadata.headline).toEqual(localExpress.metadata.headline);
  });

  it('run as many variants at once as there are threads', async () => {
    expect(variantsInFlight()).toBe(2);
    await configureRenderThreads(3);
    expect(variantsInFlight()).toBe(3);
    await configureRenderThreads(0);
    // No threads: two in flight on the calling thread (parallel.ts).
    expect(variantsInFlight()).toBe(2);
    await configureRenderThreads(2);
  });

  it('bring an engine error back with its code, and keep rendering afterwards', async () => {
    const [plan] = planFusionVariants(baseRequest());
    // Pixels that do not match their stated size: libvips refuses them inside the thread.
    const broken = {
      ...inputs.context,
      image: { ...inputs.context.image, data: inputs.context.image.data.subarray(0, 1000) },
    };
    const failure = await variantRenderer.fusion(plan!, inputs.studio, broken).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).code).toBe('IMAGE_CORRUPT');
    const after = await variantRenderer.fusion(plan!, inputs.studio, inputs.context);
    expect(after.metadata.width).toBe(1080);
  });

  it('draw the scene while the product is cut out, and render it once it arrives', async () => {
    const [plan] = planFusionVariants(
      baseRequest({ style: 'illustration', slogan: 'Miel « toutes fleurs »' }),
    );
    let deliver!: (product: typeof inputs.studio) => void;
    const later = new Promise<typeof inputs.studio>((resolve) => (deliver = resolve));
    const rendering = variantRenderer.fusion(plan!, later, inputs.context);
    // The variant is under way on its thread before the product exists.
    await new Promise((resolve) => setTimeout(resolve, 50));
    deliver(inputs.studio);
    const [waited, local] = await Promise.all([
      rendering,
      renderFusionVariant(plan!, inputs.studio, inputs.context),
    ]);
    expect(waited.images.jpeg!.equals(local.images.jpeg!)).toBe(true);
    expect(waited.metadata.cutout.method).toBe('studio');
  });

  it('fail every waiting variant, queued ones included, with the cut-out’s own error', async () => {
    const plans = planFusionVariants(baseRequest({ variants: 4 }));
    const failed = Promise.reject(new EngineError('IMAGE_CORRUPT', 'The product image is damaged.'));
    // Four variants on two threads: two wait in the queue while the cut-out fails.
    const failures = await Promise.all(
      plans.map((plan) => variantRenderer.fusion(plan, failed, inputs.context).catch((e: unknown) => e)),
    );
    expect(failures).toHaveLength(4);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(EngineError);
      expect((failure as EngineError).code).toBe('IMAGE_CORRUPT');
      expect((failure as EngineError).message).toBe('The product image is damaged.');
    }
  });

  it('stop once idle for their set time, giving their memory back, and start again for the next variant', async () => {
    await configureRenderThreads(2, 150);
    const [plan] = planFusionVariants(baseRequest());
    const first = await variantRenderer.fusion(plan!, inputs.studio, inputs.context);
    expect(liveRenderThreads()).toBe(1);
    await expect.poll(liveRenderThreads, { timeout: 5_000, interval: 50 }).toBe(0);
    const again = await variantRenderer.fusion(plan!, inputs.studio, inputs.context);
    expect(again.images.jpeg!.equals(first.images.jpeg!)).toBe(true);
    expect(liveRenderThreads()).toBe(1);
    // Without an idle time they stay.
    await configureRenderThreads(2);
    await variantRenderer.fusion(plan!, inputs.studio, inputs.context);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(liveRenderThreads()).toBe(1);
  });

  it('start again after being closed', async () => {
    await closeRenderThreads();
    const [plan] = planFusionVariants(baseRequest());
    const rendered = await variantRenderer.fusion(plan!, inputs.studio, inputs.context);
    expect(rendered.images.jpeg!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });
});
