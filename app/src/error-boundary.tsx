import { Component, Suspense, type ReactNode } from 'react';
import { lazyRoute } from './lib/lazy-route.ts';
import { DefaultLayout } from './route-table.ts';

const ErrorRoute = lazyRoute(() => import('./routes/error-route.tsx'), 'ErrorRoute');

/** Anything a route throws ends on the error page with status 500, never a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <DefaultLayout>
          <ErrorRoute status={500} />
        </DefaultLayout>
      </Suspense>
    );
  }
}
