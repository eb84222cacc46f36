import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_VARIABLES,
  ConfigError,
  defaultPasswordHashes,
  loadConfig,
  pgliteDir,
} from './config.ts';
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

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('loadConfig', () => {
  it('takes JWT_SECRET of at least 32 characters without quoting it, and leaves it optional', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).jwtSecret).toBeUndefined();
    const short = problems({ JWT_SECRET: 'too-short-secret' });
    expect(short).toEqual([{ variable: 'JWT_SECRET', message: expect.any(String) }]);
    expect(JSON.stringify(short)).not.toContain('too-short-secret');
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });

  it.each(['10', '10/15', '0/1m', 'x/1h', '5/1w'])('rejects RATE_LIMIT_LOGIN=%s', (value) => {
    expect(problems({ RATE_LIMIT_LOGIN: value })).toEqual([
      { variable: 'RATE_LIMIT_LOGIN', message: expect.stringContaining(`"${value}"`) },
    ]);
  });

  it('turns payments on with STRIPE_SECRET_KEY and its webhook secret, never quoting them', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    const missing = problems({ STRIPE_SECRET_KEY: 'sk_test_geheim' });
    expect(missing).toEqual([{ variable: 'STRIPE_WEBHOOK_SECRET', message: expect.any(String) }]);
    expect(JSON.stringify(missing)).not.toContain('geheim');
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_geheim', STRIPE_WEBHOOK_SECRET: 'whsec_geheim' })
        .stripe,
    ).toEqual({
      secretKey: 'sk_test_geheim',
      webhookSecret: 'whsec_geheim',
      priceLookupPrefix: 'protokoll_',
      apiBase: undefined,
    });
    const peer = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_LOOKUP_PREFIX: 'acme_',
      STRIPE_API_BASE: 'http://127.0.0.1:4313',
    }).stripe;
    expect(peer).toMatchObject({
      priceLookupPrefix: 'acme_',
      apiBase: { protocol: 'http', host: '127.0.0.1', port: 4313 },
    });
    expect(problems({ STRIPE_API_BASE: 'ftp://x' })[0]?.variable).toBe('STRIPE_API_BASE');
    expect(problems({ STRIPE_PRICE_LOOKUP_PREFIX: 'a b' })[0]?.variable).toBe(
      'STRIPE_PRICE_LOOKUP_PREFIX',
    );
  });

  it('does not quote SMTP_URL, which may hold a password', () => {
    const found = problems({ SMTP_URL: 'http://user:geheim@mail' });
    expect(found).toEqual([{ variable: 'SMTP_URL', message: expect.any(String) }]);
    expect(JSON.stringify(found)).not.toContain('geheim');
  });

  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: join(repoRoot, '.data'),
      appDist: join(repoRoot, 'app/dist'),
      pageRenderThreads: 1,
      localesDir: join(repoRoot, 'locales'),
      logLevel: 'info',
      publicUrl: undefined,
      serveApp: false,
      storybookDist: join(repoRoot, 'storybook-static'),
      serveStorybook: false,
      jwtSecret: undefined,
      googleClientId: undefined,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      smtpUrl: undefined,
      mailFrom: 'Protokoll <no-reply@protokoll.local>',
      supportEmail: 'support@protokoll.local',
      rateLimits: {
        login: { max: 10, windowMs: 15 * 60_000 },
        loginIp: { max: 30, windowMs: 15 * 60_000 },
        register: { max: 5, windowMs: 60 * 60_000 },
        forgotPassword: { max: 5, windowMs: 60 * 60_000 },
        support: { max: 5, windowMs: 60 * 60_000 },
        shareCode: { max: 10, windowMs: 15 * 60_000 },
        shareMiss: { max: 30, windowMs: 15 * 60_000 },
      },
      trustProxy: false,
      stt: {
        baseUrl: undefined,
        apiKey: undefined,
        model: 'whisper-1',
        concurrency: 3,
        timeoutMs: 600_000,
      },
      llm: {
        baseUrl: undefined,
        apiKey: undefined,
        models: [],
        timeoutMs: 300_000,
        contextChars: 32_000,
      },
      sttEngines: [],
      llmEngines: [],
      worker: {
        inProcess: true,
        concurrency: 1,
        summaryConcurrency: 2,
        leaseMs: 60_000,
        metricsPort: undefined,
      },
      observability: { metricsToken: undefined, otlpEndpoint: undefined, serviceName: 'protokoll' },
      maxUploadBytes: 1024 ** 3,
      maxJsonBodyBytes: 64 * 1024,
      maxWebhookBodyBytes: 1024 ** 2,
      uploads: {
        maxConcurrentPerUser: 3,
        idleTimeoutMs: 60_000,
        sweepIntervalMs: 5 * 60_000,
        staleAfterMs: 15 * 60_000,
        resumableExpireMs: 24 * 60 * 60_000,
        probe: { maxConcurrent: 2, queueLimit: 20, queueTimeoutMs: 1_000 },
      },
      database: {
        pglite: { maxConcurrent: 4, queueLimit: 1_000, queueTimeoutMs: 1_000 },
        poolMax: 10,
        poolTimeoutMs: 5_000,
      },
      passwordHashing: {
        maxConcurrent: defaultPasswordHashes(),
        queueLimit: 50,
        queueTimeoutMs: 500,
      },
      storage: { kind: 'local' },
    });
    expect(pgliteDir(config)).toBe(join(repoRoot, '.data', 'pglite'));
  });

  it('hashes passwords on the cores but one, 1 to 4 at once', () => {
    expect([1, 2, 3, 4, 8, 64].map(defaultPasswordHashes)).toEqual([1, 1, 2, 3, 4, 4]);
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
      JWT_SECRET: SECRET,
      GOOGLE_CLIENT_ID: 'client-1.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9999/certs',
      SMTP_URL: 'smtp://mailer:pw@mail.internal:587',
      MAIL_FROM: 'Protokoll <hallo@protokoll.example>',
      RATE_LIMIT_LOGIN: '3/30s',
      RATE_LIMIT_LOGIN_IP: '20/1h',
      RATE_LIMIT_REGISTER: '2/2h',
      RATE_LIMIT_FORGOT_PASSWORD: '1/1d',
      RATE_LIMIT_SUPPORT: '4/1d',
      RATE_LIMIT_SHARE_CODE: '5/1h',
      RATE_LIMIT_SHARE_MISS: '50/1m',
      SUPPORT_EMAIL: 'hilfe@protokoll.example',
      TRUST_PROXY: 'yes',
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
      jwtSecret: SECRET,
      googleClientId: 'client-1.apps.googleusercontent.com',
      googleJwksUrl: 'http://127.0.0.1:9999/certs',
      smtpUrl: 'smtp://mailer:pw@mail.internal:587',
      mailFrom: 'Protokoll <hallo@protokoll.example>',
      supportEmail: 'hilfe@protokoll.example',
      rateLimits: {
        login: { max: 3, windowMs: 30_000 },
        loginIp: { max: 20, windowMs: 3_600_000 },
        register: { max: 2, windowMs: 2 * 3_600_000 },
        forgotPassword: { max: 1, windowMs: 86_400_000 },
        support: { max: 4, windowMs: 86_400_000 },
        shareCode: { max: 5, windowMs: 3_600_000 },
        shareMiss: { max: 50, windowMs: 60_000 },
      },
      trustProxy: true,
    });
  });

  it('reads the engines, marks premium models with a :premium suffix and keeps Ollama tags', () => {
    const config = loadConfig({
      STT_BASE_URL: 'http://127.0.0.1:8000',
      STT_API_KEY: 'sk-stt',
      STT_MODEL: 'Systran/faster-whisper-small',
      STT_CONCURRENCY: '2',
      STT_TIMEOUT_MS: '120000',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODELS: 'llama3.1:8b, qwen2.5:14b:premium ,gpt-4o:PREMIUM',
      MAX_UPLOAD_BYTES: '500M',
      MAX_CONCURRENT_UPLOADS_PER_USER: '2',
      UPLOAD_IDLE_TIMEOUT_MS: '30000',
      UPLOAD_SWEEP_INTERVAL_MS: '60000',
      UPLOAD_STALE_AFTER_MS: '600000',
      UPLOAD_RESUMABLE_EXPIRE_MS: '3600000',
      UPLOAD_PROBE_CONCURRENCY: '4',
      UPLOAD_PROBE_QUEUE_LIMIT: '10',
      UPLOAD_PROBE_QUEUE_TIMEOUT_MS: '2000',
      PGLITE_MAX_CONCURRENT: '2',
      PGLITE_QUEUE_LIMIT: '0',
      PGLITE_QUEUE_TIMEOUT_MS: '1500',
      PASSWORD_HASH_MAX_CONCURRENT: '3',
      PASSWORD_HASH_QUEUE_LIMIT: '7',
      PASSWORD_HASH_QUEUE_TIMEOUT_MS: '800',
      DATABASE_POOL_MAX: '20',
      DATABASE_POOL_TIMEOUT_MS: '3000',
    });
    expect(config.database).toEqual({
      pglite: { maxConcurrent: 2, queueLimit: 0, queueTimeoutMs: 1_500 },
      poolMax: 20,
      poolTimeoutMs: 3_000,
    });
    expect(config.passwordHashing).toEqual({
      maxConcurrent: 3,
      queueLimit: 7,
      queueTimeoutMs: 800,
    });
    expect(config.uploads).toEqual({
      maxConcurrentPerUser: 2,
      idleTimeoutMs: 30_000,
      sweepIntervalMs: 60_000,
      staleAfterMs: 600_000,
      resumableExpireMs: 3_600_000,
      probe: { maxConcurrent: 4, queueLimit: 10, queueTimeoutMs: 2_000 },
    });
    expect(config.stt).toEqual({
      baseUrl: 'http://127.0.0.1:8000',
      apiKey: 'sk-stt',
      model: 'Systran/faster-whisper-small',
      concurrency: 2,
      timeoutMs: 120_000,
    });
    expect(config.llm.models).toEqual([
      { id: 'llama3.1:8b', premium: false },
      { id: 'qwen2.5:14b', premium: true },
      { id: 'gpt-4o', premium: true },
    ]);
    expect(config.maxUploadBytes).toBe(500 * 1024 ** 2);
    expect(loadConfig({ LLM_BASE_URL: 'https://api.openai.com' }).llm.models).toEqual([
      { id: 'gpt-4o-mini', premium: false },
    ]);
  });

  it.each([
    ['STT_CONCURRENCY', '0'],
    ['STT_TIMEOUT_MS', 'soon'],
    ['LLM_MODELS', ',,'],
    ['LLM_MODELS', 'a,a:premium'],
    ['MAX_UPLOAD_BYTES', '1T'],
    ['MAX_CONCURRENT_UPLOADS_PER_USER', '0'],
    ['UPLOAD_STALE_AFTER_MS', 'soon'],
    ['UPLOAD_PROBE_CONCURRENCY', '0'],
    ['UPLOAD_PROBE_QUEUE_TIMEOUT_MS', '5'],
    ['PGLITE_MAX_CONCURRENT', '0'],
    ['PGLITE_QUEUE_LIMIT', 'many'],
    ['PGLITE_QUEUE_TIMEOUT_MS', '5'],
    ['PASSWORD_HASH_MAX_CONCURRENT', '0'],
    ['PASSWORD_HASH_QUEUE_LIMIT', 'many'],
    ['PASSWORD_HASH_QUEUE_TIMEOUT_MS', '5'],
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_TIMEOUT_MS', 'never'],
    ['JOB_MAX_ATTEMPTS', '0'],
    ['JOB_RETRY_BACKOFF_MS', '-1'],
  ])('rejects %s=%s', (variable, value) => {
    expect(problems({ [variable]: value })).toEqual([{ variable, message: expect.any(String) }]);
  });

  it('leaves job attempts and backoff to the worker unless set', () => {
    expect(loadConfig({})).toMatchObject({
      jobMaxAttempts: undefined,
      jobRetryBackoffMs: undefined,
    });
    expect(loadConfig({ JOB_MAX_ATTEMPTS: '2', JOB_RETRY_BACKOFF_MS: '500' })).toMatchObject({
      jobMaxAttempts: 2,
      jobRetryBackoffMs: 500,
    });
  });

  it('does not quote engine URLs or keys', () => {
    const found = problems({ STT_BASE_URL: 'ftp://u:geheim@x', LLM_BASE_URL: 'geheim2' });
    expect(found.map((p) => p.variable).sort()).toEqual(['LLM_BASE_URL', 'STT_BASE_URL']);
    expect(JSON.stringify(found)).not.toContain('geheim');
  });

  it('serves the app by default only in production, and SERVE_APP overrides it', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }).serveApp).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, SERVE_APP: 'false' }).serveApp,
    ).toBe(false);
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

  it.each([
    ['STT_CONCURRENCY', '1', 1, 'stt.concurrency'],
    ['STT_CONCURRENCY', '32', 32, 'stt.concurrency'],
    ['PGLITE_QUEUE_LIMIT', '0', 0, 'database.pglite.queueLimit'],
    ['DATABASE_POOL_TIMEOUT_MS', '600000', 600_000, 'database.poolTimeoutMs'],
    ['JOB_RETRY_BACKOFF_MS', '0', 0, 'jobRetryBackoffMs'],
  ])('reads the whole number %s=%s at the edge of its range', (variable, value, expected, at) => {
    let found: unknown = loadConfig({ [variable]: value });
    for (const key of at.split('.')) found = (found as Record<string, unknown>)[key];
    expect(found).toBe(expected);
  });

  it.each([
    ['STT_CONCURRENCY', '0', 'muss eine ganze Zahl von 1 bis 32 sein (ist "0")'],
    ['STT_CONCURRENCY', '33', 'muss eine ganze Zahl von 1 bis 32 sein (ist "33")'],
    ['PGLITE_QUEUE_TIMEOUT_MS', '1.5', 'muss eine ganze Zahl von 10 bis 60000 sein (ist "1.5")'],
    ['JOB_MAX_ATTEMPTS', '-1', 'muss eine ganze Zahl von 1 bis 100 sein (ist "-1")'],
    ['UPLOAD_PROBE_QUEUE_LIMIT', '1e3', 'muss eine ganze Zahl von 0 bis 100000 sein (ist "1e3")'],
  ])('rejects the whole number %s=%s, naming its range', (variable, value, message) => {
    expect(problems({ [variable]: value })).toEqual([{ variable, message }]);
  });

  it('reads sizes in bytes with binary units and rejects others, quoting them', () => {
    expect(loadConfig({ MAX_UPLOAD_BYTES: '500M' }).maxUploadBytes).toBe(500 * 1024 ** 2);
    expect(loadConfig({ MAX_UPLOAD_BYTES: '2GiB' }).maxUploadBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ MAX_JSON_BODY_BYTES: '128k' }).maxJsonBodyBytes).toBe(128 * 1024);
    expect(loadConfig({ MAX_WEBHOOK_BODY_BYTES: '4096' }).maxWebhookBodyBytes).toBe(4096);
    for (const value of ['0', '1T', '-5M', 'lots']) {
      expect(problems({ MAX_UPLOAD_BYTES: value })).toEqual([
        {
          variable: 'MAX_UPLOAD_BYTES',
          message: `muss eine Größe in Bytes sein, z. B. 1073741824, 500M oder 2G (ist "${value}")`,
        },
      ]);
    }
  });

  it.each([
    ['true', true],
    ['YES', true],
    ['On', true],
    ['1', true],
    ['false', false],
    ['no', false],
    ['OFF', false],
    ['0', false],
  ])('reads the switch TRUST_PROXY=%s as %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
    expect(loadConfig({ SERVE_STORYBOOK: value }).serveStorybook).toBe(expected);
  });

  it('rejects a switch that is neither true nor false, quoting it', () => {
    expect(problems({ TRUST_PROXY: 'ja' })).toEqual([
      { variable: 'TRUST_PROXY', message: 'muss true oder false sein (ist "ja")' },
    ]);
  });

  it('reads rate limits in every unit', () => {
    expect(
      loadConfig({
        RATE_LIMIT_LOGIN: '3/30s',
        RATE_LIMIT_REGISTER: '2/2h',
        RATE_LIMIT_SUPPORT: '7/1d',
      }).rateLimits,
    ).toMatchObject({
      login: { max: 3, windowMs: 30_000 },
      register: { max: 2, windowMs: 2 * 3_600_000 },
      support: { max: 7, windowMs: 86_400_000 },
    });
  });

  it('reads the model list in order, trimmed, and refuses an empty or repeated one', () => {
    const { llm } = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODELS: ' a , b:premium ,, c ',
    });
    expect(llm.models).toEqual([
      { id: 'a', premium: false },
      { id: 'b', premium: true },
      { id: 'c', premium: false },
    ]);
    expect(problems({ LLM_MODELS: ',' })).toEqual([
      { variable: 'LLM_MODELS', message: 'nennt kein Modell' },
    ]);
    expect(problems({ LLM_MODELS: 'a,a:premium' })).toEqual([
      { variable: 'LLM_MODELS', message: 'nennt "a" mehrfach' },
    ]);
  });

  it('checks URLs, drops the trailing slash of PUBLIC_URL and quotes only public ones', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://protokoll.example//' }).publicUrl).toBe(
      'https://protokoll.example',
    );
    expect(problems({ PUBLIC_URL: 'protokoll.example' })).toEqual([
      {
        variable: 'PUBLIC_URL',
        message:
          'muss eine http(s)-URL sein, z. B. https://protokoll.example (ist "protokoll.example")',
      },
    ]);
    expect(problems({ GOOGLE_JWKS_URL: 'file:///keys' })).toEqual([
      { variable: 'GOOGLE_JWKS_URL', message: 'muss eine http(s)-URL sein (ist "file:///keys")' },
    ]);
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 's',
        STRIPE_WEBHOOK_SECRET: 'w',
        STRIPE_API_BASE: 'https://stripe.local',
      }).stripe?.apiBase,
    ).toEqual({
      protocol: 'https',
      host: 'stripe.local',
      port: 443,
    });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail:465' }).smtpUrl).toBe('smtps://u:p@mail:465');
  });

  it('starts in production with nothing set but refuses payments without their webhook secret', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config).toMatchObject({ nodeEnv: 'production', serveApp: true, stripe: undefined });
    expect(
      problems({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: ' ',
      }),
    ).toEqual([
      {
        variable: 'STRIPE_WEBHOOK_SECRET',
        message: 'muss gesetzt sein, wenn STRIPE_SECRET_KEY gesetzt ist (whsec_…)',
      },
    ]);
  });

  it('reports a bad variable before asking for the webhook secret', () => {
    expect(problems({ STRIPE_SECRET_KEY: 'sk_x', PORT: 'x' }).map((p) => p.variable)).toEqual([
      'PORT',
    ]);
  });

  it('resolves relative paths against the given root and keeps absolute ones', () => {
    const config = loadConfig({ DATA_DIR: 'state', APP_DIST: '/srv/app' }, { root: '/opt/p' });
    expect(config.dataDir).toBe(join('/opt/p', 'state'));
    expect(config.appDist).toBe('/srv/app');
    expect(config.localesDir).toBe(join('/opt/p', 'locales'));
  });

  it("has a row in README.md's Configuration tables for every variable it reads", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Configuration'));
    // A row's first cell names one variable or a few that go together (`A`, `B`).
    const documented = new Set(
      [...section.slice(0, section.indexOf('\n## ', 1)).matchAll(/^\| ([^|]+)\|/gm)].flatMap(
        (row) => [...row[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]),
      ),
    );
    expect(CONFIG_VARIABLES.filter((variable) => !documented.has(variable))).toEqual([]);
  });

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
