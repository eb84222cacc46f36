import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

describe('lazyResolver', () => {
  it('lets the values through when its check cannot load (offline), and loads it on the next use', async () => {
    const check = vi.fn(async (values: { name: string }) => ({
      values,
      errors: values.name ? {} : { name: { type: 'required', message: 'validation.required' } },
    }));
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(check);
    const resolver = lazyResolver(load);
    const options = { fields: {}, shouldUseNativeValidation: false } as never;

    await expect(resolver({ name: '' }, undefined, options)).resolves.toEqual({
      values: { name: '' },
      errors: {},
    });
    await expect(resolver({ name: '' }, undefined, options)).resolves.toMatchObject({
      errors: { name: { message: 'validation.required' } },
    });
    await resolver({ name: 'x' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
