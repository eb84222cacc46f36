import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, verify: vi.fn(original.verify) };
});

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('richtig-richtig');
    expect(stored).toMatch(/^\$argon2id\$/);
    await expect(verifyPassword(stored, 'richtig-richtig')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'falsch-falsch')).resolves.toBe(false);
    await expect(verifyPassword('not-a-hash', 'x')).resolves.toBe(false);
  });

  it('still runs a full argon2 verification when there is no hash (unknown e-mail, Google-only account)', async () => {
    vi.mocked(argon2.verify).mockClear();
    await expect(verifyPassword(null, 'irgendwas')).resolves.toBe(false);
    await expect(verifyPassword(undefined, 'irgendwas')).resolves.toBe(false);
    expect(argon2.verify).toHaveBeenCalledTimes(2);
    expect(vi.mocked(argon2.verify).mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
  });
});
