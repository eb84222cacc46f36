export { cn } from './lib/cn.ts';
export { createI18n } from './lib/i18n.ts';
export * from './components/button.tsx';
export * from './components/spinner.tsx';
