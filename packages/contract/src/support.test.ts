import { describe, expect, it } from 'vitest';
import { SupportBody } from './support.ts';

describe('support', () => {
  const body = {
    category: 'billing',
    subject: 'Rechnung',
    message: 'Bitte Rechnung an neue Adresse.',
  };

  it('accepts the contact form', () => {
    expect(SupportBody.safeParse(body).success).toBe(true);
  });

  it('rejects an unknown category and blank subject or message', () => {
    expect(SupportBody.safeParse({ ...body, category: 'spam' }).success).toBe(false);
    expect(SupportBody.safeParse({ ...body, subject: '  ' }).error?.issues[0]?.message).toBe(
      'validation.required',
    );
    const { message: _, ...withoutMessage } = body;
    expect(SupportBody.safeParse(withoutMessage).success).toBe(false);
  });
});
