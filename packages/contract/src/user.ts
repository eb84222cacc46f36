import { z } from 'zod';
import { EntityId, SuccessMessage } from './common.ts';
import {
  DELETE_CONFIRMATION,
  FREE_PLAN_TYPE,
  MINUTES_TIMEOUT_MS,
  PLAN_TIMEOUT_MS,
  USER_TIMEOUT_MS,
} from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailField, NewPassword, PersonName, ShortText } from './fields.ts';

/**
 * The user (docs/sessions.md#the-user), in the form the client works with (and every answer
 * carries).
 */
export const User = z
  .object({
    id: EntityId,
    email: z.string().min(1),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    /** Id of the user's current plan (`free` by default). */
    planId: z.string().min(1),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** The server-facing profile form of `PUT /api/user`. Empty company/phone clear them. */
export const UpdateUserBody = z
  .object({
    first_name: PersonName,
    last_name: PersonName,
    company: ShortText.optional(),
    phone_number: ShortText.optional(),
  })
  .meta({ id: 'UpdateUserBody' });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** Account deletion sends the literal word DELETE (docs/sessions.md#account-deletion). */
export const DeleteUserBody = z
  .object({
    confirmation: z.literal(DELETE_CONFIRMATION, { error: 'validation.deleteConfirmation' }),
  })
  .meta({ id: 'DeleteUserBody' });
export type DeleteUserBody = z.infer<typeof DeleteUserBody>;

export const UserResponse = z
  .object({ success: z.boolean(), user: User })
  .meta({ id: 'UserResponse' });
export type UserResponse = z.infer<typeof UserResponse>;

/** The minutes balance (docs/minutes.md#balance): `remaining = total − used − running`. */
export const Minutes = z
  .object({
    total: z.number().nonnegative(),
    used: z.number().nonnegative(),
    remaining: z.number(),
    /** Reserved by jobs that have been accepted and not yet finished. */
    running: z.number().nonnegative(),
    unlimited: z.boolean(),
    has_active_plan: z.boolean(),
  })
  .meta({ id: 'Minutes' });
export type Minutes = z.infer<typeof Minutes>;

export const MinutesResponse = z
  .object({ success: z.boolean(), minutes: Minutes })
  .meta({ id: 'MinutesResponse' });
export type MinutesResponse = z.infer<typeof MinutesResponse>;

/**
 * A plan (docs/minutes.md#plans). `type` is `free` or another type (e.g. `paid`); `features` are
 * i18n keys.
 */
export const Plan = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    type: z
      .string()
      .min(1)
      .meta({ examples: [FREE_PLAN_TYPE, 'paid'] }),
    features: z.array(z.string()),
    /**
     * Whether transcripts keep the speakers apart ("Sprecher 1", "Sprecher 2") on this plan
     * (docs/minutes.md#plan-limits); false: every passage is "Sprecher 1". Absent from older
     * servers.
     */
    speaker_labels: z.boolean().optional(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const PlanResponse = z
  .object({ success: z.boolean(), plan: Plan })
  .meta({ id: 'PlanResponse' });
export type PlanResponse = z.infer<typeof PlanResponse>;

/** A plan of the public catalogue: the plan plus what the buy page shows. Prices in cents. */
export const PlanOffer = Plan.extend({
  /** Minutes granted per month; null for an unlimited plan. */
  minutes_per_month: z.number().int().nonnegative().nullable(),
  /** Longest single recording in minutes; null for no limit. */
  max_file_minutes: z.number().int().positive().nullable(),
  /** Price per month and per year in cents; null when the plan cannot be bought that way. */
  price_month: z.number().int().nonnegative().nullable(),
  price_year: z.number().int().nonnegative().nullable(),
  currency: z.string().length(3),
}).meta({ id: 'PlanOffer' });
export type PlanOffer = z.infer<typeof PlanOffer>;

export const PlansResponse = z
  .object({
    success: z.boolean(),
    plans: z.array(PlanOffer),
    /** False when no payment provider is configured: plans are shown, buying is not possible. */
    payments_enabled: z.boolean(),
  })
  .meta({ id: 'PlansResponse' });
export type PlansResponse = z.infer<typeof PlansResponse>;

/** A confirmation link goes to the new address; the change happens on confirmation. */
export const ChangeEmailBody = z.object({ new_email: EmailField }).meta({ id: 'ChangeEmailBody' });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

export const ChangePasswordBody = z
  .object({
    current_password: z
      .string({ error: 'validation.required' })
      .min(1, { error: 'validation.required' }),
    new_password: NewPassword,
  })
  .refine((body) => body.current_password !== body.new_password, {
    error: 'validation.passwordUnchanged',
    path: ['new_password'],
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const getUser = defineEndpoint({
  id: 'getUser',
  method: 'GET',
  path: '/api/user',
  tag: 'user',
  summary: 'The signed-in user',
  auth: true,
  response: UserResponse,
  timeoutMs: USER_TIMEOUT_MS,
});

export const updateUser = defineEndpoint({
  id: 'updateUser',
  method: 'PUT',
  path: '/api/user',
  tag: 'user',
  summary: 'Update name, company and phone number',
  auth: true,
  body: UpdateUserBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

export const deleteUser = defineEndpoint({
  id: 'deleteUser',
  method: 'DELETE',
  path: '/api/user',
  tag: 'user',
  summary: 'Delete the account (confirmation word DELETE)',
  auth: true,
  body: DeleteUserBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

export const getMinutes = defineEndpoint({
  id: 'getMinutes',
  method: 'GET',
  path: '/api/user/minutes',
  tag: 'user',
  summary: 'Minutes balance of the signed-in user',
  auth: true,
  response: MinutesResponse,
  timeoutMs: MINUTES_TIMEOUT_MS,
});

export const getPlan = defineEndpoint({
  id: 'getPlan',
  method: 'GET',
  path: '/api/user/plan',
  tag: 'user',
  summary: 'Current plan of the signed-in user',
  auth: true,
  response: PlanResponse,
  timeoutMs: PLAN_TIMEOUT_MS,
});

export const listPlans = defineEndpoint({
  id: 'listPlans',
  method: 'GET',
  path: '/api/plans',
  tag: 'billing',
  summary: 'Public plan catalogue',
  auth: false,
  response: PlansResponse,
});

export const requestEmailChange = defineEndpoint({
  id: 'requestEmailChange',
  method: 'POST',
  path: '/api/user/email',
  tag: 'user',
  summary: 'Send a confirmation link to a new e-mail address',
  auth: true,
  body: ChangeEmailBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

export const changePassword = defineEndpoint({
  id: 'changePassword',
  method: 'POST',
  path: '/api/user/password',
  tag: 'user',
  summary: 'Change the password',
  auth: true,
  body: ChangePasswordBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

export { DEFAULT_PLAN_OFFERS, planFeature, type PlanFeature } from './plan-offers.ts';
