import { describe, expect, expectTypeOf, it } from 'vitest';
import { DEFAULT_PLAN_OFFERS, type CatalogueOffer } from './plan-offers.ts';
import {
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteUserBody,
  Minutes,
  MinutesResponse,
  Plan,
  PlanOffer,
  PlanResponse,
  PlansResponse,
  UpdateUserBody,
  User,
  UserResponse,
} from './user.ts';
import { isPremium } from './values.ts';

const user = {
  id: 7,
  email: 'erika@example.de',
  firstName: 'Erika',
  lastName: 'Mustermann',
  company: 'Musterfirma GmbH',
  phoneNumber: '+49 30 1234567',
  planId: 'free',
};
const minutes = {
  total: 30,
  used: 12,
  remaining: 18,
  running: 0,
  unlimited: false,
  has_active_plan: true,
};
const plan = { id: 'free', name: 'Free', type: 'free', features: ['plans.features.minutes30'] };

describe('user', () => {
  it('accepts the client form and rejects server-form names', () => {
    expect(User.safeParse(user).success).toBe(true);
    expect(UserResponse.safeParse({ success: true, user }).success).toBe(true);
    const { firstName, ...rest } = user;
    expect(User.safeParse({ ...rest, first_name: firstName }).success).toBe(false);
    expect(User.safeParse({ ...user, company: null, phoneNumber: null }).success).toBe(true);
  });

  it('accepts the server-facing update body and trims it', () => {
    expect(
      UpdateUserBody.parse({
        first_name: ' Erika ',
        last_name: 'Mustermann',
        company: '',
        phone_number: '+49',
      }),
    ).toEqual({ first_name: 'Erika', last_name: 'Mustermann', company: '', phone_number: '+49' });
    expect(UpdateUserBody.safeParse({ firstName: 'Erika', lastName: 'M' }).success).toBe(false);
    expect(UpdateUserBody.safeParse({ first_name: '', last_name: 'M' }).success).toBe(false);
  });

  it('deletes only with the literal DELETE', () => {
    expect(DeleteUserBody.safeParse({ confirmation: 'DELETE' }).success).toBe(true);
    for (const confirmation of ['delete', 'LÖSCHEN', '', ' DELETE', undefined]) {
      const result = DeleteUserBody.safeParse({ confirmation });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.deleteConfirmation');
    }
  });

  it('checks the e-mail change and password change bodies', () => {
    expect(ChangeEmailBody.safeParse({ new_email: 'neu@example.de' }).success).toBe(true);
    expect(ChangeEmailBody.safeParse({ email: 'neu@example.de' }).success).toBe(false);
    expect(
      ChangePasswordBody.safeParse({ current_password: 'alt', new_password: 'neuesPasswort' })
        .success,
    ).toBe(true);
    expect(
      ChangePasswordBody.safeParse({ current_password: 'alt', new_password: 'kurz' }).success,
    ).toBe(false);
    const same = ChangePasswordBody.safeParse({
      current_password: 'geheim123',
      new_password: 'geheim123',
    });
    expect(same.error?.issues[0]).toMatchObject({
      message: 'validation.passwordUnchanged',
      path: ['new_password'],
    });
  });
});

describe('minutes and plan', () => {
  it('accepts a minutes balance and rejects missing flags or wrong types', () => {
    expect(MinutesResponse.safeParse({ success: true, minutes }).success).toBe(true);
    const { has_active_plan: _, ...withoutFlag } = minutes;
    expect(Minutes.safeParse(withoutFlag).success).toBe(false);
    expect(Minutes.safeParse({ ...minutes, used: '12' }).success).toBe(false);
    expect(Minutes.safeParse({ ...minutes, used: -1 }).success).toBe(false);
  });

  it('accepts a plan of any type, with i18n feature keys', () => {
    expect(PlanResponse.safeParse({ success: true, plan }).success).toBe(true);
    expect(Plan.safeParse({ ...plan, type: 'paid' }).success).toBe(true);
    expect(Plan.safeParse({ ...plan, features: 'all' }).success).toBe(false);
    const { id: _, ...withoutId } = plan;
    expect(Plan.safeParse(withoutId).success).toBe(false);
  });

  it('tells premium from free by type', () => {
    expect(isPremium(plan)).toBe(false);
    expect(isPremium({ ...plan, type: 'paid' })).toBe(true);
    expect(isPremium({ ...plan, type: 'business' })).toBe(true);
    expect(isPremium(null)).toBe(false);
  });

  it('accepts the plan catalogue', () => {
    const offer = {
      ...plan,
      minutes_per_month: 30,
      max_file_minutes: 30,
      price_month: 0,
      price_year: 0,
      currency: 'EUR',
    };
    expect(
      PlansResponse.safeParse({ success: true, plans: [offer], payments_enabled: false }).success,
    ).toBe(true);
    expect(
      PlansResponse.safeParse({
        success: true,
        plans: [{ ...offer, price_month: -1 }],
        payments_enabled: true,
      }).success,
    ).toBe(false);
  });
});

// The catalogue is plain data below the schemas (plan-offers.ts); the schema parses that shape.
describe('PlanOffer', () => {
  it('has the shape of the plain catalogue, and parses every default offer', () => {
    expectTypeOf<PlanOffer>().toEqualTypeOf<CatalogueOffer>();
    for (const offer of DEFAULT_PLAN_OFFERS) expect(PlanOffer.parse(offer)).toEqual(offer);
  });
});
