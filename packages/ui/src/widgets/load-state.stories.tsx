import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inbox } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { EmptyState } from '../components/empty-state.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { LoadState } from './load-state.tsx';

const meta = {
  title: 'Widgets/LoadState',
  component: LoadState,
  args: {
    status: 'ready',
    failedText: 'Die Notizen konnten nicht geladen werden.',
    onRetry: fn(),
    children: <p>Drei Notizen.</p>,
  },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LoadState>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Loading with the default placeholder: grey rows, announced as "Wird geladen …". */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Wird geladen …');
    await expect(canvas.queryByText('Drei Notizen.')).toBeNull();
  },
};

/** Loading with the screen's own placeholder and text. */
export const LoadingCustom: Story = {
  args: {
    status: 'loading',
    placeholder: (
      <div aria-busy className="grid gap-2">
        <span role="status" className="sr-only">
          Notizen werden geladen …
        </span>
        <Skeleton className="h-5 w-3/5" />
        <Skeleton className="h-4 w-2/5" />
      </div>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Notizen werden geladen …');
  },
};

/** Loading failed: the reason and "Erneut versuchen". */
export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Die Notizen konnten nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A retry is running: the button is busy and takes no more clicks. */
export const Retrying: Story = {
  args: { status: 'error', retrying: true },
  play: async ({ canvas }) => {
    const retry = canvas.getByRole('button', { name: /Erneut versuchen/ });
    await expect(retry).toHaveAttribute('aria-busy', 'true');
    await expect(retry).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Without a way to load again: the reason alone. */
export const ErrorWithoutRetry: Story = {
  args: { status: 'error', onRetry: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Loaded and empty: the empty state instead of the content. */
export const Empty: Story = {
  args: {
    isEmpty: true,
    empty: (
      <EmptyState
        icon={<Inbox />}
        title="Noch keine Notizen"
        description="Nehmen Sie eine Besprechung auf oder laden Sie eine Audiodatei hoch."
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Noch keine Notizen' })).toBeVisible();
    await expect(canvas.queryByText('Drei Notizen.')).toBeNull();
  },
};

/** Loaded: the content. */
export const Ready: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Drei Notizen.')).toBeVisible();
  },
};

/** A long German reason wraps inside the alert. */
export const LongGermanText: Story = {
  args: {
    status: 'error',
    failedText:
      'Die Donaudampfschifffahrtsgesellschaftskapitänsmützenbestellungen konnten wegen einer Zeitüberschreitung des Servers nicht geladen werden.',
  },
  play: async ({ canvasElement }) => {
    const alert = canvasElement.querySelector<HTMLElement>('[role="alert"]')!;
    await expect(alert.scrollWidth).toBeLessThanOrEqual(alert.clientWidth);
  },
};

/** On a phone, failed with a retry. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { status: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { status: 'error', failedText: 'Your notes could not be loaded.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
