import { verify } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('richtig-richtig');
    expect(stored).toMatch(/^\$argon2id\$/);
    await expect(verifyPassword(stored, 'richtig-richtig')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'falsch-falsch')).resolves.toBe(false);
    await expect(verifyPassword('not-a-hash', 'x')).resolves.toBe(false);
  });

  it('still runs a full argon2 verification when there is no hash (unknown e-mail, Google-only account)', async () => {
    const check = vi.fn(verify);
    await expect(verifyPassword(null, 'irgendwas', check)).resolves.toBe(false);
    await expect(verifyPassword(undefined, 'irgendwas', check)).resolves.toBe(false);
    expect(check).toHaveBeenCalledTimes(2);
    expect(check.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
  });
});
