import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAccountShown } from '../session/session-context.ts';
import { createUploadStore, useUploads } from '../uploads/upload-store.ts';
import { createNoticeStore, useNotices } from './notify.ts';
import { PageRenderContext, type RenderedAccess } from './page-render.ts';

// What the browser's stores hold when a prerendered page hydrates is, where nothing changed, the
// very value the page was rendered with: React compares the two by identity and would otherwise
// render the component again, synchronously, right after hydrating (on the home page the whole
// shell; docs/architecture.md#prerendered-pages).

/** How often a component using the hook renders while it hydrates its own server markup. */
async function rendersWhileHydrating(
  useHook: () => unknown,
  access: RenderedAccess = 'signed-out',
): Promise<number> {
  let renders = 0;
  function Probe() {
    useHook();
    renders++;
    return <p>probe</p>;
  }
  const page = (
    <PageRenderContext.Provider value={{ access }}>
      <Probe />
    </PageRenderContext.Provider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  renders = 0;
  await act(async () => {
    hydrateRoot(container, page);
  });
  return renders;
}

describe('hydrating a page without changes renders it once', () => {
  it('without notices', async () => {
    const store = createNoticeStore();
    expect(await rendersWhileHydrating(() => useNotices(store))).toBe(1);
  });

  it('without uploads', async () => {
    const store = createUploadStore();
    expect(await rendersWhileHydrating(() => useUploads(store))).toBe(1);
  });

  it('on a public page and on one rendered with the account, whose account may be shown', async () => {
    expect(await rendersWhileHydrating(useAccountShown, 'signed-out')).toBe(1);
    expect(await rendersWhileHydrating(useAccountShown, 'account')).toBe(1);
  });

  it('but a signed-in frame shows the account only after hydrating: once more', async () => {
    expect(await rendersWhileHydrating(useAccountShown, 'signed-in')).toBe(2);
  });
});
