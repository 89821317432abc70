/**
 * The composition root: builds the Fastify application from its dependencies (security headers,
 * compression, errors, every module's API routes and the SPA). Nothing imports it but the api role.
 */
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import helmet from '@fastify/helmet';
import helmetHeaders from 'helmet';
import compress from '@fastify/compress';
import type { Config } from './config';
import type { Database } from './db/client';
import { loggerOptions } from './logger';
import { frameworkErrorCode, installErrorHandler, sendError } from './http/error-handler';
import { registerSpa } from './http/spa';
import { pageKindOf } from './http/page-head';
import { siteFiles } from './http/site-files';
import { healthRoutes, probeRoutes } from './modules/health/routes';
import { installHttpMetrics } from './modules/metrics/http-metrics';
import { metricsRoutes } from './modules/metrics/routes';
import { ping } from './db/ping';
import { statusRoutes } from './modules/status/routes';
import type { Auth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/routes';
import { profileRoutes } from './modules/profiles/routes';
import { accountRoutes } from './modules/account/routes';
import { brandRoutes } from './modules/brand/routes';
import type { Mailer } from './modules/mail/mailer';
import { registerMailbox } from './modules/mail/routes';
import { editRoutes } from './modules/editor/routes';
import { installOriginCheck } from './http/origin-check';
import { installInputGuard } from './http/input-guard';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@vitrine/shared/validation/upload-file';
import { isPagePath } from '@vitrine/shared/routes';
import { probeStorage, type Storage } from './modules/storage/storage';
import type { SafeFetchOptions } from './modules/uploads/safe-fetch';
import { uploadRoutes } from './modules/uploads/routes';
import { sceneRoutes } from './modules/scenes/routes';
import { cutoutRoutes } from './modules/cutouts/routes';
import { generationRoutes } from './modules/generations/routes';
import { createImageLinks } from './modules/generations/image-links';
import { createGenerationEvents } from './modules/generations/events';
import { renderJobExpireSeconds, RENDER_JOB } from './modules/generations/service';
import { workflowCallbackRoutes } from './modules/generations/workflow-routes';
import { createProducer } from './jobs/queue';
import { createCopywriter } from '@vitrine/engine/copy/copywriter';
import { copyRoutes } from './modules/copy/routes';
import { contactRoutes } from './modules/contact/routes';
import { createSessionEnds } from './modules/auth/session-ends';
import { billingRoutes, stripeWebhookRoutes } from './modules/billing/routes';
import { createLocalProvider } from './modules/billing/local-provider';
import { localBillingRoutes } from './modules/billing/local-routes';
import { unavailablePayments } from './modules/billing/provider';

export const JSON_BODY_LIMIT = 1024 * 1024;

export type AppDeps = {
  config: Config;
  database: Database;
  version: string;
  mailer: Mailer;
  auth: Auth;
  storage: Storage;
  /** The server secret, from which the keys of signed image links are derived. */
  secret: string;
  /** Overrides for fetching images by URL, imports and workflow results (tests point it at a local HTTPS server). */
  imageFetchOptions?: SafeFetchOptions;
  /** How often an open event stream checks its session (EVENT_STREAM_RECHECK_MS; tests shorten it). */
  eventStreamRecheckMs?: number;
  /** How the sign-in guard waits before answering (tests record the delays instead of sleeping). */
  signInDelay?: (ms: number) => Promise<void>;
  /** With ROLE=all, the worker's job queue answers (or this throws): part of /api/health/ready. */
  queueReady?: () => Promise<void>;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    deps: AppDeps;
  }
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** A hop count as the function Fastify's types accept (its runtime takes the number as the same rule). */
function fastifyTrustProxy(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Checkout, portal and subscription status: Stripe when configured, else the local test mode. */
async function registerPayments(app: FastifyInstance, deps: AppDeps) {
  const { config, database } = deps;
  const payments = config.payments;
  if (payments.kind === 'stripe') {
    // Stripe's SDK is loaded only when it is configured: it is a large part of the server's start-up.
    const { createStripeProvider } = await import('./modules/billing/stripe-provider');
    const stripe = createStripeProvider(payments, database, config.publicUrl, app.log);
    await app.register(billingRoutes(stripe), { prefix: '/api' });
    await app.register(stripeWebhookRoutes(stripe.stripe, payments.webhookSecret, stripe.handleEvent), {
      prefix: '/api',
    });
    return;
  }
  if (payments.kind === 'off') {
    await app.register(billingRoutes(unavailablePayments), { prefix: '/api' });
    return;
  }
  const local = createLocalProvider(database, config.publicUrl);
  await app.register(billingRoutes(local), { prefix: '/api' });
  await app.register(localBillingRoutes(local));
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  /** The web app, once registered: a page's address that leads nowhere gets its 404 page. */
  const web: { spa?: Awaited<ReturnType<typeof registerSpa>> } = {};
  const pageOrError = (request: FastifyRequest, reply: FastifyReply, code: 'NOT_FOUND' | 'BAD_REQUEST') => {
    const { spa } = web;
    const path = pathOf(request.url);
    if (
      spa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api'
    ) {
      return spa.sendPage(
        reply,
        isPagePath(path) ? 200 : 404,
        pageKindOf(path, request.headers['accept-language']),
      );
    }
    return sendError(request, reply, code);
  };
  const security = {
    contentSecurityPolicy: {
      useDefaults: false as const,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Only meaningful over https; on plain http a browser would pin a scheme the app does not serve.
    strictTransportSecurity: config.secureCookies,
  };
  // Fastify answers a malformed address before any hook runs, so helmet's hook never sees it.
  const securityHeaders = helmetHeaders(security);
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    // One line per request is logged below, without the query string (it may carry a token).
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // request.ip is the socket's address unless TRUST_PROXY names the proxies allowed to forward it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // An address that is not valid percent-encoding, or a path segment longer than any id: no such page.
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.raw, reply.raw, () => {});
      return pageOrError(request, reply, frameworkErrorCode(error));
    },
  });
  app.decorate('deps', deps);
  app.decorate('sessionEnds', createSessionEnds());

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        path: pathOf(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });

  installHttpMetrics(app);

  // Responses finished while the server closes end their connection, so a keep-alive client does
  // not hold the process open until its idle timeout.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(helmet, security);
  await app.register(compress, { threshold: 1024 });

  installErrorHandler(app, JSON_BODY_LIMIT);
  installOriginCheck(app, config.publicUrl);
  installInputGuard(app);

  await app.register(healthRoutes, { prefix: '/api' });
  const { database, storage, queueReady } = deps;
  await app.register(
    probeRoutes({
      database: () => ping(database),
      storage: () => probeStorage(storage),
      ...(queueReady && { queue: queueReady }),
    }),
    { prefix: '/api' },
  );
  await app.register(metricsRoutes({ database, token: config.metrics.token }));
  await app.register(statusRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(brandRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  // One byte over the limit reaches our own check, which answers with the spec's message.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 2, fields: 5, parts: 6 },
  });
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(cutoutRoutes, { prefix: '/api' });
  await app.register(sceneRoutes, { prefix: '/api' });
  const jobs = createProducer(deps.database, [RENDER_JOB]);
  const events = createGenerationEvents(deps.database);
  app.addHook('onClose', async () => {
    await events.close();
    await jobs.stop();
  });
  await app.register(
    generationRoutes({
      jobs,
      events,
      links: createImageLinks(deps.secret),
      renderExpireSeconds: renderJobExpireSeconds(
        config.queue.renderJobExpireSeconds,
        config.imageProvider,
        config.textProvider,
      ),
      ...(deps.eventStreamRecheckMs && { eventStreamRecheckMs: deps.eventStreamRecheckMs }),
    }),
    { prefix: '/api' },
  );
  await app.register(editRoutes, { prefix: '/api' });
  await app.register(copyRoutes(createCopywriter(config.textProvider, { logger: app.log })), {
    prefix: '/api',
  });
  if (config.imageProvider.kind === 'webhook') {
    await app.register(workflowCallbackRoutes(config.imageProvider.secret, deps.imageFetchOptions), {
      prefix: '/api',
    });
  }
  await registerPayments(app, deps);
  await registerMailbox(app, deps.mailer);

  // Set before the web app's files: a path no file owns goes from their route to this handler.
  app.setNotFoundHandler((request, reply) => pageOrError(request, reply, 'NOT_FOUND'));
  if (config.webDistDir) web.spa = await registerSpa(app, config.webDistDir, config.publicUrl);
  await app.register(siteFiles(config.publicUrl));

  return app;
}
