import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkImageProviderEnv,
  imageProviderConfigSchema,
  imageProviderEnvShape,
  parseImageProviderConfig,
  toImageProviderConfig,
} from './config';

const SECRET = 'a'.repeat(32);

const issuesOf = (env: Record<string, string>) => {
  const result = imageProviderConfigSchema.safeParse(env);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('image provider configuration', () => {
  it('is local by default, with nothing set or every key empty', () => {
    expect(parseImageProviderConfig({})).toEqual({ kind: 'local' });
    expect(
      parseImageProviderConfig({
        IMAGE_PROVIDER: '',
        OPENAI_API_KEY: '',
        OPENAI_BASE_URL: '',
        IMAGE_PROVIDER_TIMEOUT_MS: '',
        WORKFLOW_WEBHOOK_URL: '',
        WORKFLOW_WEBHOOK_SECRET: '',
      }),
    ).toEqual({ kind: 'local' });
  });

  it('openai needs the key; base URL, model and time limit have defaults', () => {
    expect(issuesOf({ IMAGE_PROVIDER: 'openai' })).toEqual(['OPENAI_API_KEY']);
    expect(parseImageProviderConfig({ IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x' })).toEqual({
      kind: 'openai',
      apiKey: 'sk-x',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-image-1',
      timeoutMs: 60_000,
    });
    expect(
      parseImageProviderConfig({
        IMAGE_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-x',
        OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1/',
        OPENAI_IMAGE_MODEL: 'dall-e-3',
        IMAGE_PROVIDER_TIMEOUT_MS: '90000',
      }),
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:8080/v1', model: 'dall-e-3', timeoutMs: 90_000 });
  });

  it('webhook needs the URL and a secret of at least 32 characters', () => {
    expect(issuesOf({ IMAGE_PROVIDER: 'webhook' })).toEqual([
      'WORKFLOW_WEBHOOK_URL',
      'WORKFLOW_WEBHOOK_SECRET',
    ]);
    expect(
      issuesOf({
        IMAGE_PROVIDER: 'webhook',
        WORKFLOW_WEBHOOK_URL: 'https://n8n.example.com/webhook/vitrine',
        WORKFLOW_WEBHOOK_SECRET: 'short',
      }),
    ).toContain('WORKFLOW_WEBHOOK_SECRET');
    expect(
      parseImageProviderConfig({
        IMAGE_PROVIDER: 'webhook',
        WORKFLOW_WEBHOOK_URL: 'https://n8n.example.com/webhook/vitrine',
        WORKFLOW_WEBHOOK_SECRET: SECRET,
      }),
    ).toEqual({
      kind: 'webhook',
      url: 'https://n8n.example.com/webhook/vitrine',
      secret: SECRET,
      timeoutMs: 60_000,
    });
  });

  it('refuses an unknown provider, a non-http URL and a time limit that is not a number', () => {
    expect(issuesOf({ IMAGE_PROVIDER: 'midjourney' })).toEqual(['IMAGE_PROVIDER']);
    expect(issuesOf({ OPENAI_BASE_URL: 'ftp://api.example.com' })).toEqual(['OPENAI_BASE_URL']);
    expect(issuesOf({ WORKFLOW_WEBHOOK_URL: 'not a url' })).toEqual(['WORKFLOW_WEBHOOK_URL']);
    expect(issuesOf({ IMAGE_PROVIDER_TIMEOUT_MS: 'soon' })).toEqual(['IMAGE_PROVIDER_TIMEOUT_MS']);
    expect(issuesOf({ IMAGE_PROVIDER_TIMEOUT_MS: '10' })).toEqual(['IMAGE_PROVIDER_TIMEOUT_MS']);
  });

  it('merges into a larger environment schema', () => {
    const server = z
      .object({ PORT: z.coerce.number().default(3000), ...imageProviderEnvShape })
      .superRefine(checkImageProviderEnv)
      .transform((env) => ({ port: env.PORT, imageProvider: toImageProviderConfig(env) }));
    expect(server.parse({ PORT: '8080', IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x' })).toMatchObject({
      port: 8080,
      imageProvider: { kind: 'openai', apiKey: 'sk-x' },
    });
    expect(server.safeParse({ IMAGE_PROVIDER: 'openai' }).success).toBe(false);
  });
});
