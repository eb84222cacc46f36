import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../../test/accounts.ts';
import { testConfig } from '../../test/app.ts';
import { ensureJwtSecret } from './secret.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('ensureJwtSecret', () => {
  it('keeps a configured secret', async () => {
    const config = testConfig();
    expect((await ensureJwtSecret(config)).jwtSecret).toBe(config.jwtSecret);
  });

  it('generates one into DATA_DIR/jwt-secret (0600) and reuses it after a restart', async () => {
    const dataDir = await tempDataDir();
    const config = testConfig({ DATA_DIR: dataDir }, { jwtSecret: undefined });
    const first = await ensureJwtSecret(config);
    expect(first.jwtSecret!.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'jwt-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await ensureJwtSecret(config)).jwtSecret).toBe(first.jwtSecret);
  });
});

describe('passwords', () => {
  it('hash with argon2id and verify', async () => {
    const hashed = await hashPassword('ein-passwort');
    expect(hashed).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hashed, 'ein-passwort')).toBe(true);
    expect(await verifyPassword(hashed, 'anderes')).toBe(false);
    expect(await verifyPassword(null, 'ein-passwort')).toBe(false);
    expect(await verifyPassword('kein-hash', 'ein-passwort')).toBe(false);
  });
});
