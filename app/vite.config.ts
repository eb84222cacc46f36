import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  // Mock mode serves MSW's worker script; production never ships it.
  publicDir: mode === 'mock' ? '../.storybook/public' : 'public',
  define: {
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()),
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/_i18n': apiTarget },
  },
  build: {
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
}));
