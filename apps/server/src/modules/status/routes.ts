/**
 * GET /api/status (spec sections 2 and 4): every service's state, the overall verdict and the image
 * provider's own status. Public, like the page that shows it. The checks run at most every 30 seconds
 * per process, whoever asks; callers in between share the last answer.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { StatusResponse } from '@vitrine/shared/api/status';
import { checkServices } from './checks';
import { createProviderStatus } from './provider-status';

export const STATUS_TTL_MS = 30_000;
/** The queue's normal wait and a render together stay far below this with the local engine. */
const STALLED_AFTER_MS = 5 * 60_000;

export const statusRoutes: FastifyPluginAsync = async (app) => {
  const { database, storage, config, mailer } = app.deps;
  const providerUrl = config.imageProvider.kind !== 'local' ? config.imageProviderStatusUrl : undefined;
  const provider = providerUrl
    ? createProviderStatus(providerUrl, (error) =>
        app.log.warn({ err: error }, 'status: the image provider status page could not be read'),
      )
    : null;
  const stalledAfterMs = Math.max(
    STALLED_AFTER_MS,
    config.imageProvider.kind === 'local' ? 0 : config.imageProvider.timeoutMs + 60_000,
  );
  let cached: { at: number; value: Promise<StatusResponse> } | undefined;

  async function check(): Promise<StatusResponse> {
    const { services, provider: providerStatus } = await checkServices(
      {
        database,
        storage,
        webDistDir: config.webDistDir,
        stalledAfterMs,
        provider: provider ? () => provider.current() : null,
        mailDeliverable: () => mailer.deliverable(),
      },
      (id, error) => app.log.warn({ err: error, service: id }, 'status: check failed'),
    );
    const allUp =
      services.every((s) => s.status === 'operational') &&
      (!providerStatus || providerStatus.status === 'operational');
    return {
      checkedAt: new Date().toISOString(),
      overall: allUp ? 'operational' : 'issues',
      services,
      provider: providerStatus,
    };
  }

  app.get('/status', async (_request, reply): Promise<StatusResponse> => {
    const now = Date.now();
    if (!cached || now - cached.at >= STATUS_TTL_MS) cached = { at: now, value: check() };
    reply.header('cache-control', 'no-store');
    return cached.value;
  });
};
