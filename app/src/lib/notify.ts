import type { FailureText } from '@protokoll/contract';
import type { ToastVariant } from '@protokoll/ui';
import { useSyncExternalStore } from 'react';
import { toFailureText } from './failure.ts';

/*
 * The app's one way to show a notice: `notify` from anywhere (a route, an action whose menu has
 * closed), shown by the one toast host in the layout, which also shows the uploads. Module-level
 * like the upload store, so a notice outlives the page that raised it.
 */

/** What a notice says: a failure (read through `describeFailure`'s codes) or a message key. */
export type NoticeText = FailureText | { key: string };

export interface Notice {
  id: number;
  variant: ToastVariant;
  text: NoticeText;
  /** The action's own wording, for a failure that says nothing more specific (`internal`). */
  fallbackKey?: string | undefined;
  /** Translated details under the text. */
  description?: string | undefined;
  /** A button in the notice; using it closes the notice. */
  action?: { label: string; altText: string; onClick: () => void } | undefined;
  /** How long it stays; `Infinity` until closed. */
  duration?: number | undefined;
}

export type NoticeInput = Omit<Notice, 'id' | 'variant'> & { variant?: ToastVariant };

export type NoticeStore = ReturnType<typeof createNoticeStore>;

/**
 * No notices: a store's first snapshot and the one hydration sees are this same array, so a page
 * without notices is not rendered again right after hydrating (React compares the two by
 * identity; docs/architecture.md#prerendered-pages).
 */
const noNotices: readonly Notice[] = [];

export function createNoticeStore() {
  let notices = noNotices;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const publish = (next: readonly Notice[]) => {
    notices = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => notices,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Shows a notice (a failure unless said otherwise); returns its id. */
    notify({ variant = 'danger', ...notice }: NoticeInput): number {
      const id = nextId++;
      publish([...notices, { id, variant, ...notice }]);
      return id;
    },
    /** The notice closed (by itself or by the person). */
    dismiss(id: number) {
      if (notices.some((notice) => notice.id === id)) {
        publish(notices.filter((notice) => notice.id !== id));
      }
    },
  };
}

/** The app's notices. */
export const notices = createNoticeStore();

/** Shows a notice in the app's toast host. */
export const notify = (notice: NoticeInput): number => notices.notify(notice);

/**
 * Reports a failed action whose button or menu is gone by the time it fails: the failure's own
 * text (timeout, offline, not found …), otherwise the action's wording under `fallbackKey`.
 */
export const notifyFailure = (error: unknown, fallbackKey: string): number =>
  notify({ text: toFailureText(error), fallbackKey });

/** The notices to show; re-renders on every change. */
export function useNotices(store: NoticeStore = notices): readonly Notice[] {
  // A prerendered page was rendered without notices.
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => noNotices);
}
