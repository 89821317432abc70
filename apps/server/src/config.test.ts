import os from 'node:os';
import { defaultRenderThreads, usableMemory } from '@vitrine/engine/local/thread-count';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, parseConfig } from './config';
import { refusalOf } from '../test/helpers/config-refusal';

describe('configuration', () => {
  it('runs with no variable at all, on the embedded defaults', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.role).toBe('all');
    expect(config.secureCookies).toBe(false);
  });

  it('derives the public URL from the port and marks https URLs for secure cookies', () => {
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const https = parseConfig({ PUBLIC_URL: 'https://vitrine.example/' });
    expect(https.publicUrl).toBe('https://vitrine.example');
    expect(https.secureCookies).toBe(true);
  });

  it('treats empty values as unset, as .env.example leaves them', () => {
    expect(parseConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names every bad key at once', () => {
    try {
      parseConfig({ PORT: 'eighty', ROLE: 'boss', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const keys = (error as ConfigError).issues.map((i) => i.split(':')[0]).sort();
      expect(keys).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'ROLE']);
    }
  });

  it('refuses a port out of range', () => {
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
  });

  it('trusts no proxy unless TRUST_PROXY says which: true, a hop count, or addresses and CIDRs', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['yes', '0', '11', '10.0.0.0/33', '10.0.0.1,', 'proxy.internal', '::1/129', '10.0.0.0/8/8'])(
    'refuses TRUST_PROXY=%s, naming the key',
    (value) => {
      expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be true, a hop count/);
    },
  );
});

describe('company keys (the public pages and the contact form)', () => {
  it('says Vitrine in Paris by default, with no parent company', () => {
    expect(parseConfig({}).site).toEqual({
      companyName: 'Vitrine',
      addressLines: ['Paris, France'],
      contactEmail: 'contact@vitrine.localhost',
      parentCompanyUrl: null,
    });
  });

  it('takes the operator’s name, address lines separated by "|", contact address and parent site', () => {
    const config = parseConfig({
      COMPANY_NAME: ' Atelier Vitrine SAS ',
      COMPANY_ADDRESS: '12 rue des Lilas | 75011 Paris || France',
      CONTACT_EMAIL: 'hello@vitrine.example',
      PARENT_COMPANY_URL: 'https://groupe.example',
    });
    expect(config.site).toEqual({
      companyName: 'Atelier Vitrine SAS',
      addressLines: ['12 rue des Lilas', '75011 Paris', 'France'],
      contactEmail: 'hello@vitrine.example',
      parentCompanyUrl: 'https://groupe.example',
    });
  });

  it('refuses an empty name or address, a contact address that is not one, and a parent site not on https', () => {
    try {
      parseConfig({
        COMPANY_NAME: '  ',
        COMPANY_ADDRESS: ' | ',
        CONTACT_EMAIL: 'contact',
        PARENT_COMPANY_URL: 'http://groupe.example',
      });
      expect.unreachable();
    } catch (error) {
      const keys = (error as ConfigError).issues.map((i) => i.split(':')[0]).sort();
      expect(keys).toEqual(['COMPANY_ADDRESS', 'COMPANY_NAME', 'CONTACT_EMAIL', 'PARENT_COMPANY_URL']);
    }
  });
});

describe('image provider keys', () => {
  const SECRET = 'whsec_0123456789abcdef0123456789abcdef';

  it('renders on one thread per core and per 2 GB (1 to 4) unless RENDER_THREADS says otherwise; 0 is allowed', () => {
    expect(parseConfig({}).renderThreads).toBe(
      defaultRenderThreads(os.availableParallelism(), usableMemory()),
    );
    expect(parseConfig({ RENDER_THREADS: '0' }).renderThreads).toBe(0);
    expect(parseConfig({ RENDER_THREADS: '3' }).renderThreads).toBe(3);
  });

  it('stops the render threads after ENGINE_IDLE_SECONDS without work (5 minutes; 0: never)', () => {
    expect(parseConfig({}).engineIdleMs).toBe(300_000);
    expect(parseConfig({ ENGINE_IDLE_SECONDS: '30' }).engineIdleMs).toBe(30_000);
    expect(parseConfig({ ENGINE_IDLE_SECONDS: '0' }).engineIdleMs).toBeNull();
    expect(() => parseConfig({ ENGINE_IDLE_SECONDS: '-1' })).toThrow(
      /ENGINE_IDLE_SECONDS: must be between 0 and 86400/,
    );
    expect(() => parseConfig({ ENGINE_IDLE_SECONDS: 'soon' })).toThrow(
      /ENGINE_IDLE_SECONDS: must be a number of seconds/,
    );
  });

  it('warms the image engine up once ready unless ENGINE_WARM_UP=false', () => {
    expect(parseConfig({}).engineWarmUp).toBe(true);
    expect(parseConfig({ ENGINE_WARM_UP: 'false' }).engineWarmUp).toBe(false);
    expect(parseConfig({ ENGINE_WARM_UP: 'true' }).engineWarmUp).toBe(true);
    expect(parseConfig({ ENGINE_WARM_UP: '' }).engineWarmUp).toBe(true);
    expect(() => parseConfig({ ENGINE_WARM_UP: 'no' })).toThrow(/ENGINE_WARM_UP: must be true or false/);
  });

  it('writes copy locally by default; TEXT_PROVIDER=openai needs TEXT_API_KEY and takes the model, URL and time limit', () => {
    expect(parseConfig({}).textProvider).toEqual({ kind: 'local' });
    expect(parseConfig({ TEXT_PROVIDER: '', TEXT_API_KEY: 'sk-unused' }).textProvider).toEqual({
      kind: 'local',
    });
    expect(
      parseConfig({
        TEXT_PROVIDER: 'openai',
        TEXT_API_KEY: 'sk-text-1',
        TEXT_API_BASE_URL: 'http://127.0.0.1:8080/v1/',
        TEXT_MODEL: 'mistral-small',
        TEXT_TIMEOUT_MS: '3000',
      }).textProvider,
    ).toEqual({
      kind: 'openai',
      apiKey: 'sk-text-1',
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'mistral-small',
      timeoutMs: 3000,
    });
    expect(parseConfig({ TEXT_PROVIDER: 'openai', TEXT_API_KEY: 'k' }).textProvider).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      timeoutMs: 5000,
    });
    expect(() => parseConfig({ TEXT_PROVIDER: 'openai' })).toThrow(
      /TEXT_API_KEY: TEXT_PROVIDER=openai needs TEXT_API_KEY/,
    );
    expect(() => parseConfig({ TEXT_PROVIDER: 'gpt' })).toThrow(/TEXT_PROVIDER: must be local or openai/);
    expect(() => parseConfig({ TEXT_PROVIDER: 'openai', TEXT_API_KEY: 'k', TEXT_TIMEOUT_MS: '10' })).toThrow(
      /TEXT_TIMEOUT_MS: must be between 100 and 60000/,
    );
  });

  it('draws locally by default, with the provider keys ignored', () => {
    expect(parseConfig({}).imageProvider).toEqual({ kind: 'local' });
    expect(parseConfig({ IMAGE_PROVIDER: '', OPENAI_API_KEY: 'sk-unused' }).imageProvider).toEqual({
      kind: 'local',
    });
  });

  it('openai: the key, a base URL without its trailing slash, the model and the time limit', () => {
    expect(
      parseConfig({
        IMAGE_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-live-123',
        OPENAI_BASE_URL: 'https://images.example/v1/',
        OPENAI_IMAGE_MODEL: 'flux-dev',
        IMAGE_PROVIDER_TIMEOUT_MS: '45000',
      }).imageProvider,
    ).toEqual({
      kind: 'openai',
      apiKey: 'sk-live-123',
      baseUrl: 'https://images.example/v1',
      model: 'flux-dev',
      timeoutMs: 45_000,
    });
    expect(parseConfig({ IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'k' }).imageProvider).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-image-1',
      timeoutMs: 60_000,
    });
  });

  it('webhook: the workflow URL and its signing secret', () => {
    expect(
      parseConfig({
        IMAGE_PROVIDER: 'webhook',
        WORKFLOW_WEBHOOK_URL: 'https://automation.example/webhook/vitrine',
        WORKFLOW_WEBHOOK_SECRET: SECRET,
      }).imageProvider,
    ).toEqual({
      kind: 'webhook',
      url: 'https://automation.example/webhook/vitrine',
      secret: SECRET,
      timeoutMs: 60_000,
    });
  });

  it('names what a provider is missing, and refuses a bad provider or time limit', () => {
    try {
      parseConfig({ IMAGE_PROVIDER: 'webhook' });
      expect.unreachable();
    } catch (error) {
      const { issues } = error as ConfigError;
      expect(issues.map((i) => i.split(':')[0]).sort()).toEqual([
        'WORKFLOW_WEBHOOK_SECRET',
        'WORKFLOW_WEBHOOK_URL',
      ]);
    }
    expect(() =>
      parseConfig({
        IMAGE_PROVIDER: 'webhook',
        WORKFLOW_WEBHOOK_URL: 'https://h.example',
        WORKFLOW_WEBHOOK_SECRET: 'x'.repeat(31),
      }),
    ).toThrow(/WORKFLOW_WEBHOOK_SECRET: must be at least 32 characters/);
    expect(() => parseConfig({ RENDER_THREADS: '17' })).toThrow(/RENDER_THREADS: must be between 0 and 16/);
    expect(() => parseConfig({ RENDER_THREADS: 'many' })).toThrow(/RENDER_THREADS: must be a number/);
    expect(() => parseConfig({ IMAGE_PROVIDER_TIMEOUT_MS: '50' })).toThrow(
      /IMAGE_PROVIDER_TIMEOUT_MS: must be between 100 and 600000 \(got "50"\)/,
    );
    expect(() => parseConfig({ IMAGE_PROVIDER: 'openai' })).toThrow(
      /OPENAI_API_KEY: IMAGE_PROVIDER=openai needs OPENAI_API_KEY/,
    );
    expect(() => parseConfig({ IMAGE_PROVIDER: 'dalle' })).toThrow(
      /IMAGE_PROVIDER: must be local, openai or webhook \(got "dalle"\)/,
    );
  });
});

describe('metrics keys', () => {
  it('serves /metrics to this machine only, and a worker on no port of its own, unless METRICS_* say otherwise', () => {
    expect(parseConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(parseConfig({ METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({
      token: undefined,
      port: undefined,
    });
    expect(
      parseConfig({ METRICS_TOKEN: 'a-metrics-token-of-32-characters', METRICS_PORT: '9464' }).metrics,
    ).toEqual({ token: 'a-metrics-token-of-32-characters', port: 9464 });
  });

  it('refuses a short token or one with spaces, without printing it, and a port out of range', () => {
    for (const [env, message] of [
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN: must be at least 16 characters'],
      [{ METRICS_TOKEN: 'a token with spaces in it' }, 'METRICS_TOKEN: must not contain spaces'],
      [{ METRICS_PORT: '70000' }, 'METRICS_PORT: must be between 0 and 65535'],
    ] as const) {
      try {
        parseConfig(env);
        throw new Error('the configuration was accepted');
      } catch (error) {
        expect((error as ConfigError).message).toContain(message);
        if ('METRICS_TOKEN' in env) expect((error as ConfigError).message).not.toContain(env.METRICS_TOKEN);
      }
    }
  });
});

describe('configuration errors never print a secret', () => {
  const messageOf = (env: Record<string, string>) => {
    const refusal = refusalOf(env);
    if (!refusal) throw new Error('the configuration was accepted');
    return refusal.message;
  };

  it('hides the value of a bad secret, giving only its length', () => {
    const message = messageOf({
      AUTH_SECRET: 'tooShortAuthSecret',
      WORKFLOW_WEBHOOK_SECRET: 'shortWebhookSecret',
      GOOGLE_CLIENT_SECRET: 'googleClientSecretAlone',
      IMAGE_PROVIDER: 'openai',
      OPENAI_API_KEY: '   ',
      TEXT_PROVIDER: 'openai',
      TEXT_API_KEY: '  ',
    });
    for (const secret of ['tooShortAuthSecret', 'shortWebhookSecret', 'googleClientSecretAlone']) {
      expect(message).not.toContain(secret);
    }
    expect(message).toContain('AUTH_SECRET: must be at least 32 characters');
    expect(message).toContain('(got a hidden value of 18 characters)');
    expect(message).toMatch(/GOOGLE_CLIENT_SECRET: .*\(got a hidden value of 23 characters\)/);
    expect(message).toMatch(/OPENAI_API_KEY: .*\(got a hidden value of 3 characters\)/);
    expect(message).toMatch(/TEXT_API_KEY: .*\(got a hidden value of 2 characters\)/);
  });

  it('hides the credentials of a bad URL, even one that does not parse', () => {
    const message = messageOf({
      SMTP_URL: 'smtp://mailer:pa/ss#w@rd@smtp.example:587',
      DATABASE_URL: 'mysql://app:dbPassw0rd@db.example/vitrine',
      WORKFLOW_WEBHOOK_URL: 'ftp://hook:hookPass@automation.example/x',
    });
    for (const secret of ['pa/ss', 'w@rd', 'dbPassw0rd', 'hookPass', 'mailer']) {
      expect(message).not.toContain(secret);
    }
    expect(message).toContain(
      'SMTP_URL: must be an smtp:// or smtps:// URL (got "smtp://***@smtp.example:587")',
    );
    expect(message).toContain('(got "mysql://***@db.example/vitrine")');
    expect(message).toContain('(got "ftp://***@automation.example/x")');
  });
});

describe('.env.example', () => {
  it('runs as it is: every key it lists parses', async () => {
    const { parseEnv } = await import('node:util');
    const fs = await import('node:fs');
    const text = fs.readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const env = parseEnv(text) as Record<string, string>;
    expect(Object.keys(env).length).toBeGreaterThan(5);
    const config = parseConfig(env);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });
});
