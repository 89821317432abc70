import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, parseConfig } from './config';

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
