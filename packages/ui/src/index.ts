// The design system's public API, by kind: lib (helpers and hooks), components (primitives),
// widgets (self-contained parts screens share), layouts (page frames), screens (one per page).

// Lib
export { cn } from './lib/cn.ts';
export { addMessages, createI18n, type I18n } from './lib/i18next.ts';
export type { LinkItem, RenderLink } from './lib/render-link.tsx';
export { UiProvider, useUi, type UiSettings } from './lib/ui-provider.tsx';
export { useFailureText } from './lib/failure-text.ts';
export { OfflineContext, useOffline } from './lib/connection.ts';
export {
  createFormat,
  formatBytes,
  formatClock,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatMinutes,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTimeLeft,
  useFormat,
  type Format,
} from './lib/format.ts';
export type { LoadStatus } from './lib/load-status.ts';

// Components
export * from './components/button.tsx';
export * from './components/spinner.tsx';
export * from './components/icon-button.tsx';
export * from './components/input.tsx';
export * from './components/password-input.tsx';
export * from './components/textarea.tsx';
export * from './components/select.tsx';
export * from './components/checkbox.tsx';
export * from './components/switch.tsx';
export * from './components/radio-group.tsx';
export * from './components/field.tsx';
export { Form, FormField, fieldIssuesOf, useServerFieldErrors } from './components/form.tsx';
export * from './components/form-error-alert.tsx';
export * from './components/link.tsx';
export * from './components/badge.tsx';
export * from './components/avatar.tsx';
export * from './components/card.tsx';
export * from './components/skeleton.tsx';
export * from './components/progress.tsx';
export * from './components/alert.tsx';
export * from './components/empty-state.tsx';
export * from './components/page-header.tsx';
export * from './components/dialog.tsx';
export * from './components/alert-dialog.tsx';
export * from './components/dropdown-menu.tsx';
export * from './components/tooltip.tsx';
export * from './components/toast.tsx';
export * from './components/tabs.tsx';
export * from './components/pagination.tsx';
export * from './components/language-links.tsx';

// Widgets
export * from './widgets/load-state.tsx';
export * from './widgets/minutes-meter.tsx';
export * from './widgets/plan-card.tsx';
export * from './widgets/note-stages.tsx';
export * from './widgets/note-status.tsx';
export * from './widgets/note-row.tsx';
export * from './widgets/recent-notes.tsx';
export * from './widgets/upload-toasts.tsx';
export * from './widgets/recorder.tsx';
export * from './widgets/saved-recordings.tsx';
export * from './widgets/toaster.tsx';

// Layouts
export * from './layouts/auth-layout.tsx';
export * from './layouts/app-shell.tsx';
export * from './layouts/connection-banner.tsx';
export * from './layouts/brand.tsx';
export * from './layouts/settings-layout.tsx';
export * from './layouts/site-footer.tsx';

// Screens
export * from './screens/error-screen.tsx';
export * from './screens/share/shared-note-page.tsx';
export * from './screens/home-screen.tsx';
export * from './screens/content-screen.tsx';
export * from './screens/dashboard-screen.tsx';
export type { AuthScreenBaseProps } from './screens/auth/auth-parts.tsx';
export * from './screens/auth/login-screen.tsx';
export * from './screens/auth/register-screen.tsx';
export * from './screens/auth/forgot-password-screen.tsx';
export * from './screens/auth/reset-password-screen.tsx';
export * from './screens/auth/update-email-screen.tsx';
export * from './screens/settings/profile-screen.tsx';
export * from './screens/settings/glossary-screen.tsx';
export * from './widgets/glossary-editor.tsx';
export * from './widgets/minutes-approval.tsx';
export * from './widgets/folder-registers.tsx';
export { FormalMinutesView } from './widgets/formal-minutes.tsx';
export * from './screens/settings/templates-screen.tsx';
export * from './screens/billing/buy-screen.tsx';
export * from './screens/billing/successful-purchase-screen.tsx';
export * from './screens/billing/subscription-screen.tsx';
export * from './screens/support/support-screen.tsx';
export * from './screens/team/team-screen/team-screen.tsx';
export * from './screens/protocol/protocol-screen.tsx';
export { ProtocolOptions, optionsOf } from './screens/protocol/protocol-form.ts';
export * from './screens/protocol/upload-pending.tsx';
export * from './screens/notes/notes-screen.tsx';
export * from './screens/notes/saved-notes-screen.tsx';
export * from './screens/notes/note-list.tsx';
export * from './screens/notes/note-actions.tsx';
export * from './screens/notes/note-reader.tsx';
export * from './screens/notes/share-dialog.tsx';
export * from './screens/notes/resummarise-dialog.tsx';
export * from './screens/notes/summary-versions.tsx';
export * from './screens/notes/audio-player.tsx';
export * from './screens/notes/download-menu.tsx';
export * from './screens/notes/folder-sidebar.tsx';
export * from './screens/notes/folder-dialogs.tsx';
export * from './screens/notes/folder-glossary-dialog.tsx';
export * from './screens/notes/move-to-folder-dialog.tsx';
export * from './screens/notes/delete-note-dialog.tsx';
export type { ActionResult } from './screens/notes/action.ts';
