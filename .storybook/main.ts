import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';

const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.stories.tsx'],
  // @chromatic-com/storybook: Chromatic's visual-test panel in the Storybook UI (manager only:
  // the stories' iframe, and so the local visual baselines, stay unchanged).
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    '@chromatic-com/storybook',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['./public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (config) => {
    config.plugins = [...(config.plugins ?? []), tailwindcss()];
    config.build = {
      ...config.build,
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        ...config.build?.rolldownOptions,
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    };
    return config;
  },
};
export default config;
