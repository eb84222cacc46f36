import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { contentPlugin } from '../app/content.ts';

const storyLocation = fileURLToPath(
  new URL('../app/src/stories/story-location.ts', import.meta.url),
);

const config: StorybookConfig = {
  // Docs pages (Introduction, Foundations) first, then the design system, then the app's routes
  // on MSW (docs/storybook.md).
  stories: [
    '../packages/ui/src/docs/**/*.mdx',
    '../packages/ui/src/**/*.stories.tsx',
    '../app/src/**/*.stories.tsx',
  ],
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
    // Route stories import the app as it ships: its content pages (`virtual:content`), its build
    // id, and every browser navigation redirected to the story's in-memory location
    // (docs/storybook.md#route-stories).
    config.plugins = [...(config.plugins ?? []), tailwindcss(), contentPlugin()];
    config.define = { ...config.define, __BUILD_ID__: JSON.stringify('storybook') };
    const alias = config.resolve?.alias;
    config.resolve = {
      ...config.resolve,
      alias: [
        ...(Array.isArray(alias)
          ? alias
          : Object.entries(alias ?? {}).map(([find, replacement]) => ({
              find,
              replacement: String(replacement),
            }))),
        { find: /^wouter\/use-browser-location$/, replacement: storyLocation },
      ],
    };
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
