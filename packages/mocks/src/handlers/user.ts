import { endpoints, ErrorCode } from '@protokoll/contract';
import { createMockDb, mockDb, type MockDb } from '../db.ts';
import { exhaustedMinutes, proMinutes, proPlan, unlimitedMinutes } from '../fixtures/plans.ts';
import { DEMO_PASSWORD } from '../fixtures/user.ts';
import {
  failUntilRecovered,
  failWith,
  handle,
  hang,
  reply,
  type HandleOptions,
} from '../handle.ts';
import { busyResponse, errorResponse } from '../respond.ts';

const e = endpoints;

/** Handlers of the user resource: profile, e-mail and password change, account deletion. */
export function createUserHandlers(db: MockDb = mockDb, options: HandleOptions = {}) {
  return [
    handle(e.getUser, () => reply(e.getUser, { success: true, user: db.user }), options),
    handle(
      e.updateUser,
      ({ body }) => {
        db.user = {
          ...db.user,
          firstName: body.first_name,
          lastName: body.last_name,
          company: body.company === undefined ? db.user.company : body.company || null,
          phoneNumber:
            body.phone_number === undefined ? db.user.phoneNumber : body.phone_number || null,
        };
        return reply(e.updateUser, { success: true, message: 'User updated' });
      },
      options,
    ),
    handle(
      e.deleteUser,
      () => reply(e.deleteUser, { success: true, message: 'Account deleted' }),
      options,
    ),
    handle(
      e.requestEmailChange,
      ({ body }) =>
        body.new_email === db.user.email
          ? errorResponse(409, ErrorCode.EMAIL_EXISTS)
          : reply(e.requestEmailChange, { success: true }),
      options,
    ),
    handle(
      e.changePassword,
      ({ body }) =>
        body.current_password === DEMO_PASSWORD
          ? reply(e.changePassword, { success: true })
          : errorResponse(400, ErrorCode.WRONG_PASSWORD),
      options,
    ),
  ];
}

/** Handlers of the minutes resource (`GET /api/user/minutes`). */
export function createMinutesHandlers(db: MockDb = mockDb, options: HandleOptions = {}) {
  return [
    handle(
      e.getMinutes,
      () => reply(e.getMinutes, { success: true, minutes: db.minutes }),
      options,
    ),
  ];
}

/** Handlers of the plans resource: the user's plan and the public catalogue. */
export function createPlanHandlers(db: MockDb = mockDb, options: HandleOptions = {}) {
  return [
    handle(e.getPlan, () => reply(e.getPlan, { success: true, plan: db.plan }), options),
    handle(
      e.listPlans,
      () =>
        reply(e.listPlans, {
          success: true,
          plans: db.plans,
          payments_enabled: db.paymentsEnabled,
        }),
      options,
    ),
  ];
}

export const userHandlers = createUserHandlers();
export const minutesHandlers = createMinutesHandlers();
export const planHandlers = createPlanHandlers();

/** Named user scenarios (the `user` key). */
export const user = {
  default: () => userHandlers,
  /** Loading the user fails with `status` (401 sends the app to /login). */
  failing: (status = 500) => [
    failWith(e.getUser, status, status === 401 ? ErrorCode.NOT_AUTHENTICATED : ErrorCode.SERVER),
    ...userHandlers,
  ],
  /** Every user call answers 401. */
  unauthorized: () => [
    ...[e.getUser, e.updateUser, e.deleteUser, e.requestEmailChange, e.changePassword].map(
      (endpoint) => failWith(endpoint, 401, ErrorCode.NOT_AUTHENTICATED),
    ),
  ],
  updateFails: (status = 500) => [
    failWith(e.updateUser, status, ErrorCode.UPDATE_USER_FAILED),
    ...userHandlers,
  ],
  deleteFails: (status = 500) => [
    failWith(e.deleteUser, status, ErrorCode.DELETE_ACCOUNT_FAILED),
    ...userHandlers,
  ],
  slow: (ms = 3_000) => createUserHandlers(mockDb, { latency: ms }),
};

const minutesOf = (minutes: MockDb['minutes']) => createMinutesHandlers(createMockDb({ minutes }));

/** Named minutes scenarios (the `minutes` key). */
export const minutes = {
  default: () => minutesHandlers,
  unlimited: () => minutesOf(unlimitedMinutes),
  exhausted: () => minutesOf(exhaustedMinutes),
  pro: () => minutesOf(proMinutes),
  failing: (status = 500) => [failWith(e.getMinutes, status, ErrorCode.SERVER)],
  /**
   * Loads fail with `status` until the play function calls `recover()`; then "Retry" answers the
   * balance.
   */
  failingUntilRecovered: (status = 500) =>
    failUntilRecovered(
      e.getMinutes,
      () => errorResponse(status, ErrorCode.SERVER),
      minutesHandlers,
    ),
  /**
   * A busy server: loads answer 503 with `Retry-After: seconds` until `recover()`, then the
   * balance (docs/minutes.md#when-loading-fails).
   */
  busyUntilRecovered: (seconds = 1) =>
    failUntilRecovered(e.getMinutes, () => busyResponse(seconds), minutesHandlers),
  slow: (ms = 3_000) => createMinutesHandlers(mockDb, { latency: ms }),
  /** Never answers: the 5 s client timeout fires. */
  timeout: () => [hang(e.getMinutes)],
};

/** Named plan scenarios (the `plans` key). */
export const plans = {
  default: () => planHandlers,
  premium: () => createPlanHandlers(createMockDb({ plan: structuredClone(proPlan) })),
  paymentsDisabled: () => createPlanHandlers(createMockDb({ paymentsEnabled: false })),
  failing: (status = 500) => [
    failWith(e.getPlan, status, ErrorCode.SERVER),
    failWith(e.listPlans, status, ErrorCode.SERVER),
  ],
  /** Only the user's plan fails to load (`status`); the catalogue answers. */
  planFailing: (status = 500) => [failWith(e.getPlan, status, ErrorCode.SERVER), ...planHandlers],
  slow: (ms = 3_000) => createPlanHandlers(mockDb, { latency: ms }),
};
