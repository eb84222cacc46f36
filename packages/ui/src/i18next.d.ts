import type en from '../../../locales/en.json';

// Message keys are typed from the English file (docs/i18n.md#typed-keys): a wrong key in `t()`
// or `<Trans i18nKey>` is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
