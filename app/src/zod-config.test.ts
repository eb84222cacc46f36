import './zod-config.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod under the content security policy', () => {
  it('never tries to compile parsers with new Function', () => {
    // If zod stops reading its global configuration from there, this fails before a browser does.
    expect(z.config().jitless).toBe(true);
  });
});
