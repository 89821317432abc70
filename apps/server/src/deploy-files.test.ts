/**
 * The deployment files (Dockerfile, compose.yaml, deploy/), checked without running a container
 * (docs/decisions/069): the compose file parses, every variable it gives a Vitrine process is one the
 * configuration knows, the roles and TRUST_PROXY are what the topology needs, and the image is built in
 * stages, runs as a non-root user and carries the cut-out model.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, parseConfig } from './config';
import { REPO_ROOT } from './lib/paths';

// js-yaml (4.3.2) has no type declarations installed: only `load` is used.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null>;
  env_file?: string | string[];
  ports?: string[];
  profiles?: string[];
};

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const composeText = read('compose.yaml');
const compose = yaml.load(composeText) as { services: Record<string, Service> };
const services = compose.services;
const dockerfile = read('Dockerfile');
const caddyfile = read('deploy/Caddyfile');

/** KEY=value lines of an env file (comments and blank lines skipped). */
function envFile(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) entries[match[1]!] = match[2]!;
  }
  return entries;
}
const example = envFile(read('deploy/.env.example'));

/** Variables of the other services' images, and Caddy's site address: documented in docs/deploy.md. */
const NON_APP_VARIABLES = new Set([
  'POSTGRES_USER',
  'POSTGRES_DB',
  'POSTGRES_PASSWORD',
  'MINIO_ROOT_USER',
  'MINIO_ROOT_PASSWORD',
  'SITE_ADDRESS',
]);
const known = new Set(CONFIG_KEYS);

/** A Vitrine process: a service built from this repository. */
const isApp = (service: Service) => service.build !== undefined;
const appServices = Object.entries(services).filter(([, service]) => isApp(service));
const apis = appServices.filter(([, service]) => service.environment?.ROLE === 'api');
const workers = appServices.filter(([, service]) => service.environment?.ROLE === 'worker');

/** compose's ${VAR}, ${VAR:-default}, ${VAR:?message}, resolved from `values`; $$ stays a literal $. */
function interpolate(value: string, values: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g,
    (whole, name?: string, op?: string, rest = '') => {
      if (!name) return '$';
      const found = values[name];
      if (found !== undefined && found !== '') return found;
      if (op?.endsWith('-')) return rest as string;
      throw new Error(`${name} is not set (${whole})`);
    },
  );
}

describe('deployment files', () => {
  it('compose.yaml parses, with the services the deployment needs', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining([
        'postgres',
        'minio',
        'minio-setup',
        'api-1',
        'api-2',
        'worker-1',
        'worker-2',
        'caddy',
      ]),
    );
  });

  it('every variable a Vitrine service sets is a key of the configuration', () => {
    expect(appServices.length).toBeGreaterThanOrEqual(4);
    for (const [name, service] of appServices) {
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !known.has(key));
      expect(unknown, name).toEqual([]);
    }
  });

  it('every variable deploy/.env.example sets is a configuration key or a documented non-app variable', () => {
    const unknown = Object.keys(example).filter((key) => !known.has(key) && !NON_APP_VARIABLES.has(key));
    expect(unknown).toEqual([]);
    // The Vitrine services read the file the example is copied to.
    for (const [name, service] of appServices) expect([service.env_file].flat(), name).toContain('.env');
  });

  it('the other services set only their own documented variables or the S3 keys they provision', () => {
    for (const [name, service] of Object.entries(services).filter(([, s]) => !isApp(s))) {
      const unknown = Object.keys(service.environment ?? {}).filter(
        (key) => !NON_APP_VARIABLES.has(key) && !known.has(key),
      );
      expect(unknown, name).toEqual([]);
    }
  });

  it('every variable compose.yaml requires from .env is in deploy/.env.example', () => {
    const required = [...composeText.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((match) => match[1]!);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((key) => !(key in example))).toEqual([]);
  });

  it('api-1 and api-2 have ROLE=api; worker-1 and worker-2 have ROLE=worker and a METRICS_PORT', () => {
    expect(apis.map(([name]) => name).sort()).toEqual(['api-1', 'api-2']);
    expect(workers.map(([name]) => name).sort()).toEqual(['worker-1', 'worker-2']);
    for (const [name, service] of workers)
      expect(Number(service.environment?.METRICS_PORT), name).toBeGreaterThan(0);
  });

  it('TRUST_PROXY equals the number of proxies in front of the API processes', () => {
    // The proxies: the services that publish ports and are not Vitrine (the APIs publish none).
    const proxies = Object.entries(services).filter(([, s]) => !isApp(s) && (s.ports?.length ?? 0) > 0);
    expect(proxies.map(([name]) => name)).toEqual(['caddy']);
    for (const [name, service] of appServices) expect(service.ports, name).toBeUndefined();
    for (const [name, service] of apis)
      expect(String(service.environment?.TRUST_PROXY), name).toBe(String(proxies.length));
  });

  it('the proxy balances every API process and does not buffer server-sent events', () => {
    const upstreams = /reverse_proxy\s+([^{\n]+)/.exec(caddyfile)?.[1]?.trim().split(/\s+/) ?? [];
    expect(upstreams.sort()).toEqual(apis.map(([name]) => `${name}:3000`).sort());
    expect(caddyfile).toMatch(/^\s*flush_interval\s+-1\s*$/m);
  });

  it("each process's environment (compose.yaml and a filled-in .env) is a valid configuration", () => {
    const filled: Record<string, string> = {
      ...example,
      AUTH_SECRET: 'a'.repeat(64),
      POSTGRES_PASSWORD: 'b'.repeat(48),
      MINIO_ROOT_PASSWORD: 'c'.repeat(48),
      S3_SECRET_ACCESS_KEY: 'd'.repeat(48),
      METRICS_TOKEN: 'e'.repeat(32),
    };
    for (const [name, service] of appServices) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [
          key,
          interpolate(String(value), filled),
        ]),
      );
      const config = parseConfig({ ...example, ...filled, ...environment });
      expect(config.storage.kind, name).toBe('s3');
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\/vitrine:b+@postgres:5432\/vitrine$/);
      if (service.environment?.ROLE === 'api') expect(config.trustProxy, name).toBe(1);
    }
  });

  describe('Dockerfile', () => {
    const stages = dockerfile.split(/^FROM\s/m).slice(1);
    const runtime = stages.at(-1) ?? '';

    it('is a multi-stage build on node:20-bookworm-slim', () => {
      expect(stages.length).toBeGreaterThanOrEqual(2);
      expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
      expect(runtime).toMatch(/^\$\{NODE_IMAGE\} AS runtime/);
    });

    it('runs as a non-root user', () => {
      const user = [...runtime.matchAll(/^USER\s+(\S+)/gm)].at(-1)?.[1];
      expect(user).toBeDefined();
      expect(['root', '0']).not.toContain(user?.split(':')[0]);
    });

    it('fetches the cut-out model at build time and copies it into the runtime stage', () => {
      expect(dockerfile).toMatch(/^RUN npm run cutout-model/m);
      expect(runtime).toMatch(
        /^COPY --from=build \/app\/packages\/engine\/models packages\/engine\/models$/m,
      );
    });

    it('carries the web build and the server bundle, not the sources', () => {
      expect(runtime).toMatch(/^COPY --from=build \/app\/apps\/web\/dist /m);
      expect(runtime).toMatch(/^COPY --from=build \/app\/apps\/server\/dist /m);
      const copied = [...runtime.matchAll(/^COPY (?:--from=\S+ )?(\S+)/gm)].map((match) => match[1]!);
      // Of apps/server/src, only the migrations the server applies at start.
      for (const source of copied.filter((s) => /\/src(\/|$)/.test(s)))
        expect(source).toBe('/app/apps/server/src/db/migrations');
      expect(runtime).toMatch(/^HEALTHCHECK .*deploy\/healthcheck\.mjs/m);
      expect(runtime).toMatch(/^CMD \["node", "--enable-source-maps", "apps\/server\/dist\/main\.mjs"\]$/m);
    });
  });
});
