export { cn } from './lib/cn.ts';
export { createI18n } from './lib/i18n.ts';
// Primitives
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
export * from './components/link.tsx';
export * from './components/badge.tsx';
export * from './components/avatar.tsx';
export * from './components/card.tsx';
export * from './components/skeleton.tsx';
export * from './components/progress.tsx';
export * from './components/alert.tsx';
export * from './components/empty-state.tsx';
export * from './components/dialog.tsx';
export * from './components/alert-dialog.tsx';
export * from './components/dropdown-menu.tsx';
export * from './components/tooltip.tsx';
export * from './components/toast.tsx';
export * from './components/tabs.tsx';
export * from './components/pagination.tsx';
export * from './components/language-switch.tsx';
// Layouts
export * from './layouts/auth-layout.tsx';
export * from './layouts/app-shell.tsx';
export * from './layouts/brand.tsx';
// Screens
export * from './screens/error-screen.tsx';
export * from './screens/home-screen.tsx';
export * from './screens/auth/login-screen.tsx';
export * from './screens/auth/register-screen.tsx';
export * from './screens/auth/forgot-password-screen.tsx';
export * from './screens/auth/reset-password-screen.tsx';
export * from './screens/auth/update-email-screen.tsx';
export type { AuthFailure, AuthScreenBaseProps } from './screens/auth/auth-parts.tsx';
// Accounts (issue 3): widgets, settings layout and screens
export * from './widgets/minutes-meter.tsx';
export * from './widgets/plan-card.tsx';
export * from './layouts/settings-layout.tsx';
export * from './screens/settings/profile-screen.tsx';
export * from './screens/dashboard-screen.tsx';
