import { Component, type ReactNode } from 'react';
import { DefaultLayout } from './routes/default-layout.tsx';
import { ErrorRoute } from './routes/error-route.tsx';

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
      <DefaultLayout>
        <ErrorRoute status={500} />
      </DefaultLayout>
    );
  }
}
