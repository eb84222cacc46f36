import type { RequestHandler } from 'msw';
import { authHandlers } from './handlers/auth.ts';
import { billingHandlers } from './handlers/billing.ts';
import { capabilitiesHandlers } from './handlers/capabilities.ts';
import { folderHandlers } from './handlers/folders.ts';
import { glossaryHandlers } from './handlers/glossary.ts';
import { approvalHandlers } from './handlers/minutes-approval.ts';
import { registerHandlers } from './handlers/registers.ts';
import { shareHandlers } from './handlers/shares.ts';
import { notesHandlers } from './handlers/notes.ts';
import { supportHandlers } from './handlers/support.ts';
import { systemHandlers } from './handlers/system.ts';
import { teamHandlers } from './handlers/team.ts';
import { templateHandlers } from './handlers/templates.ts';
import { minutesHandlers, planHandlers, userHandlers } from './handlers/user.ts';

export { system } from './handlers/system.ts';
export { auth, createAuthHandlers } from './handlers/auth.ts';
export {
  user,
  minutes,
  plans,
  createUserHandlers,
  createMinutesHandlers,
  createPlanHandlers,
} from './handlers/user.ts';
export { notes, createNotesHandlers } from './handlers/notes.ts';
export { folders, createFolderHandlers } from './handlers/folders.ts';
export { glossary, createGlossaryHandlers } from './handlers/glossary.ts';
export { approval, createApprovalHandlers } from './handlers/minutes-approval.ts';
export { createRegisterHandlers } from './handlers/registers.ts';
export { createShareHandlers } from './handlers/shares.ts';
export {
  templates,
  createTemplateHandlers,
  createTemplateStore,
  customerTemplate,
} from './handlers/templates.ts';
export {
  billing,
  createBillingHandlers,
  MOCK_CHECKOUT_SESSION_ID,
  MOCK_PROMO_CODE,
} from './handlers/billing.ts';
export { support, createSupportHandlers } from './handlers/support.ts';
export { team, createTeamHandlers, MOCK_INVITATION_TOKENS } from './handlers/team.ts';
export { capabilities, createCapabilitiesHandlers } from './handlers/capabilities.ts';
export { errorResponse, validationResponse } from './respond.ts';
export { bearerToken, EXPIRED_TOKEN, handle, isAuthenticated, reply } from './handle.ts';
export { createMockDb, mockDb, resetMockDb, type MockDb } from './db.ts';
export * from './fixtures/index.ts';

/**
 * Default handlers keyed by resource. Storybook's preview sets all of them; a story overrides one
 * key through `parameters.msw.handlers.<resource>`, with the scenario of the same name
 * (`handlers.minutes = minutes.unlimited()`, `handlers.notes = notes.empty()`).
 */
export const defaultHandlers = {
  system: systemHandlers,
  auth: authHandlers,
  user: userHandlers,
  minutes: minutesHandlers,
  plans: planHandlers,
  notes: notesHandlers,
  folders: folderHandlers,
  glossary: glossaryHandlers,
  approval: approvalHandlers,
  registers: registerHandlers,
  shares: shareHandlers,
  templates: templateHandlers,
  billing: billingHandlers,
  support: supportHandlers,
  team: teamHandlers,
  capabilities: capabilitiesHandlers,
} satisfies Record<string, RequestHandler[]>;

export type Resource = keyof typeof defaultHandlers;

/** All default handlers in one list, for `setupServer` / `setupWorker`. */
export function allDefaultHandlers(): RequestHandler[] {
  return Object.values(defaultHandlers).flat();
}
