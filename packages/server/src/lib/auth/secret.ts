import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { jwtSecretFile, type Config } from '../../config.ts';

/**
 * Without JWT_SECRET a generated secret is kept in DATA_DIR/jwt-secret (mode 0600), so the
 * embedded defaults work out of the box and a restart keeps everyone signed in. Several API
 * processes must share it: set JWT_SECRET (or share DATA_DIR) there; the server warns in production.
 */
export async function ensureJwtSecret(config: Config): Promise<Config> {
  if (config.jwtSecret) return config;
  const file = jwtSecretFile(config);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return { ...config, jwtSecret: stored };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then its secret wins.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...config, jwtSecret: (await readFile(file, 'utf8')).trim() };
  }
  await chmod(file, 0o600);
  return { ...config, jwtSecret: secret };
}
