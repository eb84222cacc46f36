export * from './constants.ts';
export * from './endpoint.ts';
export * from './error-body.ts';
export * from './errors.ts';
export * from './error-key.ts';
export * from './common.ts';
export * from './fields.ts';
export * from './health.ts';
export * from './i18n.ts';
export * from './messages.ts';
export * from './routes.ts';
export * from './build-output.ts';
export * from './page-rendering.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './minutes.ts';
export * from './audio.ts';
export * from './notes.ts';
export * from './formal-minutes.ts';
export * from './minutes-approval.ts';
export * from './registers.ts';
export * from './shares.ts';
export * from './transcript.ts';
export * from './summary-edit.ts';
export * from './templates.ts';
export * from './speakers.ts';
export * from './folders.ts';
export * from './glossary.ts';
export * from './speaker-suggestions.ts';
export * from './billing.ts';
export * from './support.ts';
export * from './team.ts';
export * from './capabilities.ts';
export * from './resumable.ts';
export * from './values.ts';

import {
  confirmEmailUpdate,
  forgotPassword,
  getAuthConfig,
  googleLogin,
  login,
  logout,
  refreshToken,
  register,
  resetPassword,
  validateToken,
} from './auth.ts';
import {
  cancelCheckout,
  checkoutStatus,
  createCheckout,
  createPortalSession,
  getSubscription,
  stripeWebhook,
} from './billing.ts';
import { getCapabilities } from './capabilities.ts';
import type { Endpoint } from './endpoint.ts';
import { createFolder, deleteFolder, listFolders, updateFolder } from './folders.ts';
import { health } from './health.ts';
import { messageGroup, messages } from './i18n.ts';
import {
  countNotes,
  deleteNote,
  downloadNote,
  getNote,
  getNoteAudio,
  getNoteOriginal,
  getNotePeaks,
  listNotes,
  listNoteSummaries,
  moveNote,
  restoreNoteSummary,
  resummariseNote,
  retryNote,
  updateNote,
  uploadNote,
} from './notes.ts';
import { createSupportRequest } from './support.ts';
import { editTranscript, listTranscriptRevisions, undoTranscript } from './transcript.ts';
import { editSummary } from './summary-edit.ts';
import {
  acceptTeamInvitation,
  getTeam,
  inviteTeamMember,
  leaveTeam,
  removeTeamMember,
  revokeTeamInvitation,
} from './team.ts';
import {
  changePassword,
  deleteUser,
  getMinutes,
  getPlan,
  getUser,
  listPlans,
  requestEmailChange,
  updateUser,
} from './user.ts';

/**
 * The calls every page's session may make, keyed by endpoint id: this map loads with every page's
 * first script. Calls of one screen stay in their module's own map (`glossaryEndpoints`,
 * `templateEndpoints`) so that only their screen loads them; `allEndpoints`
 * (`@protokoll/contract/all-endpoints`) joins them all, and the server mounts and documents exactly
 * those.
 * Where two paths can match one URL, the more specific one comes first (`getNoteAudio`,
 * `getNoteOriginal` and `getNotePeaks` before `downloadNote`; `listNotes`/`countNotes` before `getNote`).
 */
export const endpoints = {
  health,
  i18nMessages: messages,
  i18nMessageGroup: messageGroup,
  // auth
  login,
  googleLogin,
  logout,
  refreshToken,
  validateToken,
  register,
  forgotPassword,
  resetPassword,
  confirmEmailUpdate,
  getAuthConfig,
  // user
  getUser,
  updateUser,
  deleteUser,
  getMinutes,
  getPlan,
  requestEmailChange,
  changePassword,
  // notes
  listNotes,
  countNotes,
  uploadNote,
  getNoteAudio,
  getNoteOriginal,
  getNotePeaks,
  listNoteSummaries,
  downloadNote,
  getNote,
  deleteNote,
  moveNote,
  updateNote,
  retryNote,
  editTranscript,
  undoTranscript,
  listTranscriptRevisions,
  editSummary,
  resummariseNote,
  restoreNoteSummary,
  // folders
  listFolders,
  createFolder,
  updateFolder,
  deleteFolder,
  // billing
  listPlans,
  createCheckout,
  checkoutStatus,
  cancelCheckout,
  createPortalSession,
  getSubscription,
  stripeWebhook,
  // support
  createSupportRequest,
  // team
  getTeam,
  inviteTeamMember,
  acceptTeamInvitation,
  removeTeamMember,
  leaveTeam,
  revokeTeamInvitation,
  // capabilities
  getCapabilities,
} satisfies Record<string, Endpoint>;

export type EndpointId = keyof typeof endpoints;
export * from './theme.ts';
