import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { refusalOf } from '../test/helpers/config-refusal';
import { renderJobExpireSeconds } from './modules/generations/service';

const issues = (env: Record<string, string>) => refusalOf(env)?.issues ?? [];

describe('recovery timings (RENDER_JOB_EXPIRE_SECONDS, QUEUE_MAINTENANCE_INTERVAL_SECONDS)', () => {
  it('expires a render job after 120 s and maintains the queue every 120 s by default', () => {
    expect(parseConfig({}).queue).toEqual({ renderJobExpireSeconds: 120, maintenanceIntervalSeconds: 120 });
    // As .env.example leaves a variable: empty is unset.
    expect(
      parseConfig({ RENDER_JOB_EXPIRE_SECONDS: '', QUEUE_MAINTENANCE_INTERVAL_SECONDS: '' }).queue,
    ).toEqual({ renderJobExpireSeconds: 120, maintenanceIntervalSeconds: 120 });
  });

  it('takes shorter or longer timings, within their bounds', () => {
    expect(
      parseConfig({ RENDER_JOB_EXPIRE_SECONDS: '45', QUEUE_MAINTENANCE_INTERVAL_SECONDS: '10' }).queue,
    ).toEqual({ renderJobExpireSeconds: 45, maintenanceIntervalSeconds: 10 });
    expect(
      parseConfig({ RENDER_JOB_EXPIRE_SECONDS: '30', QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1' }).queue,
    ).toEqual({ renderJobExpireSeconds: 30, maintenanceIntervalSeconds: 1 });
    expect(
      parseConfig({ RENDER_JOB_EXPIRE_SECONDS: '3600', QUEUE_MAINTENANCE_INTERVAL_SECONDS: '3600' }).queue,
    ).toEqual({ renderJobExpireSeconds: 3600, maintenanceIntervalSeconds: 3600 });
  });

  it.each([
    ['RENDER_JOB_EXPIRE_SECONDS', '29', 'must be between 30 and 3600 (got "29")'],
    ['RENDER_JOB_EXPIRE_SECONDS', '3601', 'must be between 30 and 3600 (got "3601")'],
    ['RENDER_JOB_EXPIRE_SECONDS', '90.5', 'must be a whole number of seconds (got "90.5")'],
    ['RENDER_JOB_EXPIRE_SECONDS', '2m', 'must be a number of seconds (got "2m")'],
    ['QUEUE_MAINTENANCE_INTERVAL_SECONDS', '0', 'must be between 1 and 3600 (got "0")'],
    ['QUEUE_MAINTENANCE_INTERVAL_SECONDS', '-5', 'must be between 1 and 3600 (got "-5")'],
    ['QUEUE_MAINTENANCE_INTERVAL_SECONDS', '86400', 'must be between 1 and 3600 (got "86400")'],
    ['QUEUE_MAINTENANCE_INTERVAL_SECONDS', 'often', 'must be a number of seconds (got "often")'],
  ])('refuses %s=%s, naming the key and the value', (key, value, message) => {
    expect(issues({ [key]: value })).toEqual([`${key}: ${message}`]);
  });

  it('names both keys at once when both are wrong', () => {
    const keys = issues({ RENDER_JOB_EXPIRE_SECONDS: '5', QUEUE_MAINTENANCE_INTERVAL_SECONDS: '0' }).map(
      (issue) => issue.split(':')[0],
    );
    expect(keys.sort()).toEqual(['QUEUE_MAINTENANCE_INTERVAL_SECONDS', 'RENDER_JOB_EXPIRE_SECONDS']);
  });

  it('adds a hosted provider’s time limit to the render job’s expiry, not to the local engine’s', () => {
    const local = parseConfig({ RENDER_JOB_EXPIRE_SECONDS: '45' });
    expect(renderJobExpireSeconds(local.queue.renderJobExpireSeconds, local.imageProvider)).toBe(45);
    const openai = parseConfig({
      RENDER_JOB_EXPIRE_SECONDS: '45',
      IMAGE_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test-key',
      IMAGE_PROVIDER_TIMEOUT_MS: '20500',
    });
    expect(renderJobExpireSeconds(openai.queue.renderJobExpireSeconds, openai.imageProvider)).toBe(66);
  });

  it('adds a hosted text model’s time limit too: an Express headline is written inside the job', () => {
    const text = parseConfig({
      RENDER_JOB_EXPIRE_SECONDS: '30',
      TEXT_PROVIDER: 'openai',
      TEXT_API_KEY: 'sk-test-key',
      TEXT_TIMEOUT_MS: '45000',
    });
    expect(
      renderJobExpireSeconds(text.queue.renderJobExpireSeconds, text.imageProvider, text.textProvider),
    ).toBe(75);
  });
});
