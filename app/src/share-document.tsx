import type { ShareRenderRequest } from '@protokoll/contract';
import { SharedNotePage, UiProvider } from '@protokoll/ui';
import type { I18n } from '@protokoll/ui/i18n';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { FONTS_LATER_ATTRIBUTE, SHARE_SEEK_SCRIPT } from './lib/boot-scripts.ts';
import shareCss from './styles/share.css?inline';

/*
 * The share pages (docs/sharing.md#the-page): the server hands over all a page shows, this renders
 * it once into the build's share template, and the browser never hydrates it. Its only scripts are
 * the shell's theme script and, where the recording is shared, the seek script. It is set in the
 * metric-matched fallback font unless this browser has fetched the web font before
 * (`FONTS_LATER_ATTRIBUTE`, docs/architecture.md#the-web-font): a first visit fetches no font.
 */

/** The share template's file beside the data pages' (`dist/.ssr/templates/share.html`). */
export const SHARE_TEMPLATE_FILE = 'share.html';
/** Stands in the share template where the page's markup goes. */
export const SHARE_OUTLET = '<!--share-page-->';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The share page's own rules, so that no other page carries them: what it hides when printed
 * (`data-print="hide"`: the language links, the player), and a long transcript's lines laid out
 * only once they come into view.
 */
const SHARE_CSS =
  '@media print{[data-print=hide]{display:none!important}}' +
  '@media screen{[data-slot=shared-transcript]>li{content-visibility:auto;contain-intrinsic-size:auto 3rem}}';

/**
 * The template as the build writes it: the shell's head (with its theme script) and the share
 * pages' own stylesheet inlined (`styles/share.css`: the classes of their components only), no
 * module: a visitor's first visit paints without another request.
 */
export function shareTemplateOf(shell: string): string {
  const styles = [shareCss, SHARE_CSS]
    .map((css) => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`)
    .join('\n    ');
  const template = shell
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(/\s*<link rel="stylesheet" crossorigin href="\/[^"]+">/g, '')
    .replace(
      /<meta charset="UTF-8" \/>/,
      (meta) =>
        `${meta}\n    <meta name="robots" content="noindex, nofollow">\n    <meta name="referrer" content="no-referrer">`,
    )
    .replace('</head>', () => `  ${styles}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${SHARE_OUTLET}</div>`);
  if (!template.includes(SHARE_OUTLET)) throw new Error('share template: no #root in index.html');
  return template;
}

/** One share page's document in `template`, its texts from `i18n` (the request's language). */
export async function shareDocument(
  template: string,
  request: ShareRenderRequest,
  i18n: I18n,
): Promise<string> {
  const { locale, page, path, timeZone } = request;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <UiProvider locale={locale} timeZone={timeZone}>
          <SharedNotePage page={page} path={path} />
        </UiProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const t = i18n.getFixedT(locale);
  const title =
    page.kind === 'note'
      ? page.note.name
      : page.kind === 'code'
        ? t('exports.sharePage.code.title')
        : t(
            page.reason === 'limited'
              ? 'exports.sharePage.gone.limitedTitle'
              : 'exports.sharePage.gone.title',
          );
  const seek =
    page.kind === 'note' && page.note.audio_src
      ? `\n    <script>${SHARE_SEEK_SCRIPT}</script>`
      : '';
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}" ${FONTS_LATER_ATTRIBUTE}>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(`${title} – Protokoll`)}</title>`)
    .replace(SHARE_OUTLET, () => `${html}${seek}`);
}
