import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrefetchModeContext, PrefetchPageContext, type PrefetchMode } from './prefetch-mode.ts';
import { renderRouterLink } from './router-link.tsx';

const prefetched: string[] = [];
const prefetchPage = (href: string) => void prefetched.push(href);
const firstData = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (release = resolve));
  return { loaded, release: () => release() };
});
vi.mock('./first-data.ts', () => ({ firstDataLoaded: firstData.loaded }));

/** An IntersectionObserver that reports whatever it observes as visible at once. */
class VisibleAtOnce {
  constructor(private callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  disconnect() {}
}

function renderLink(mode: PrefetchMode) {
  render(
    <PrefetchPageContext.Provider value={prefetchPage}>
      <PrefetchModeContext.Provider value={mode}>
        {renderRouterLink(
          { key: 'register', href: '/register', label: 'Registrieren' },
          'Registrieren',
        )}
      </PrefetchModeContext.Provider>
    </PrefetchPageContext.Provider>,
  );
  return screen.getByRole('link', { name: 'Registrieren' });
}

beforeEach(() => {
  prefetched.length = 0;
  vi.stubGlobal('IntersectionObserver', VisibleAtOnce);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// docs/architecture.md#route-prefetch
describe('renderRouterLink', () => {
  it('in the signed-in app prefetches its page once it is visible and the page has its data', async () => {
    renderLink('visible');
    await Promise.resolve();
    expect(prefetched).toEqual([]);
    firstData.release();
    await firstData.loaded;
    await Promise.resolve();
    expect(prefetched).toEqual(['/register']);
  });

  it('on a public page prefetches only on intent: hover, focus or touch', () => {
    const link = renderLink('intent');
    expect(prefetched).toEqual([]);
    fireEvent.mouseEnter(link);
    fireEvent.focus(link);
    fireEvent.touchStart(link);
    expect(prefetched).toEqual(['/register', '/register', '/register']);
  });
});
