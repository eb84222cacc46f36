/** Build id baked in at build time; keys the locale cache so a deploy never shows stale texts. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Base address of the API; empty means same origin. */
  readonly VITE_API_BASE?: string;
}

/** The content pages' index (app/content.ts): per locale, slug → counterpart and loader. */
declare module 'virtual:content' {
  import type { Locale } from '@protokoll/contract';
  export interface ContentPageModule {
    title: string;
    description: string;
    counterpart: string;
    html: string;
    toc: { id: string; text: string }[];
  }
  export interface ContentPageEntry {
    counterpart: string;
    load: () => Promise<{ default: ContentPageModule }>;
  }
  export const contentPages: Record<Locale, Record<string, ContentPageEntry>>;
}
