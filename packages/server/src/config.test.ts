import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, pgliteDir } from './config.ts';
import { repoRoot } from './lib/paths.ts';

function problems(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: join(repoRoot, '.data'),
      appDist: join(repoRoot, 'app/dist'),
      localesDir: join(repoRoot, 'locales'),
      logLevel: 'info',
      publicUrl: undefined,
      serveApp: false,
    });
    expect(pgliteDir(config)).toBe(join(repoRoot, '.data', 'pglite'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/protokoll',
      DATA_DIR: '/var/lib/protokoll',
      APP_DIST: 'custom/dist',
      LOCALES_DIR: '/srv/locales',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://protokoll.example/',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://app:secret@db.internal:5432/protokoll',
      dataDir: '/var/lib/protokoll',
      appDist: join(repoRoot, 'custom/dist'),
      localesDir: '/srv/locales',
      logLevel: 'warn',
      publicUrl: 'https://protokoll.example',
      serveApp: true,
    });
  });

  it('serves the app by default only in production, and SERVE_APP overrides it', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).serveApp).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SERVE_APP: 'false' }).serveApp).toBe(false);
    expect(loadConfig({ SERVE_APP: '1' }).serveApp).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });

  it('accepts port 0 (any free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each(['abc', '-1', '65536', '80.5', '3e3'])('rejects PORT=%s', (port) => {
    expect(problems({ PORT: port })).toEqual([
      { variable: 'PORT', message: expect.stringContaining(`"${port}"`) },
    ]);
  });

  it.each(['mysql://db/x', 'not a url', 'localhost:5432'])(
    'rejects DATABASE_URL=%s without echoing it',
    (url) => {
      const [problem, ...rest] = problems({ DATABASE_URL: url });
      expect(rest).toEqual([]);
      expect(problem?.variable).toBe('DATABASE_URL');
      expect(problem?.message).not.toContain(url);
    },
  );

  it('lists every bad variable at once, in a message a person can read', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'x',
        LOG_LEVEL: 'loud',
        SERVE_APP: 'maybe',
        PUBLIC_URL: 'ftp://x',
        NODE_ENV: 'prod',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).format();
    for (const variable of ['PORT', 'LOG_LEVEL', 'SERVE_APP', 'PUBLIC_URL', 'NODE_ENV']) {
      expect(text).toMatch(new RegExp(`^  ${variable}: `, 'm'));
    }
    expect(text).not.toContain('    at ');
  });
});
