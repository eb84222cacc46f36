import { createI18n } from '@protokoll/ui/i18n';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import { ApiError } from '../lib/api-error.ts';
import { notices, notify, notifyFailure } from '../lib/notify.ts';
import { uploadStore } from '../uploads/upload-store.ts';
import { AppToaster } from './app-toaster.tsx';

function renderHost(owner: number | null) {
  const i18n = createI18n('de', { de });
  return render(
    <I18nProvider i18n={i18n}>
      <AppToaster owner={owner} />
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  for (const notice of notices.getSnapshot()) notices.dismiss(notice.id);
  uploadStore.setOwner(null);
});

describe('notify', () => {
  it('keeps notices in order, failures by default, until they are dismissed', () => {
    const first = notify({ text: { key: 'downloads.failed' } });
    const second = notify({ text: { message: 'Gespeichert' }, variant: 'success' });
    expect(notices.getSnapshot()).toEqual([
      { id: first, variant: 'danger', text: { key: 'downloads.failed' } },
      { id: second, variant: 'success', text: { message: 'Gespeichert' } },
    ]);
    notices.dismiss(first);
    expect(notices.getSnapshot().map((notice) => notice.id)).toEqual([second]);
  });

  it('words a failure by its code, or by the action when it says nothing more', () => {
    notifyFailure(new ApiError('offline', 0, 'offline', 'x'), 'notes.saveFailed');
    notifyFailure(new ApiError('http', 500, 'internal', 'boom'), 'notes.saveFailed');
    notifyFailure(new Error('bug'), 'notes.retryFailed');
    expect(notices.getSnapshot().map(({ text, fallbackKey }) => [text, fallbackKey])).toEqual([
      [{ code: 'offline' }, 'notes.saveFailed'],
      [{ code: 'server' }, 'notes.saveFailed'],
      [{ code: 'internal' }, 'notes.retryFailed'],
    ]);
  });
});

describe('the app’s toast host', () => {
  it('shows notices and the signed-in person’s uploads in one region', () => {
    renderHost(7);
    act(() => {
      const id = uploadStore.add({ filename: 'Jour fixe.mp3', size: 1000 });
      uploadStore.fail(id, { code: 'uploadFailed' });
      notifyFailure(new Error('bug'), 'notes.retryFailed');
      notify({ text: { key: 'downloads.failed' } });
    });
    const region = screen.getByRole('region', { name: /Benachrichtigungen/ });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-slot'))).toEqual([
      'upload-toast',
      'toast',
      'toast',
    ]);
    expect(items[0]).toHaveTextContent('Hochladen fehlgeschlagen');
    expect(items[1]).toHaveTextContent(de.notes.retryFailed);
    expect(items[2]).toHaveTextContent(de.downloads.failed);
  });

  it('shows no uploads while nobody is signed in, and no region when there is nothing to show', () => {
    act(() => {
      uploadStore.setOwner(7);
      uploadStore.add({ filename: 'Jour fixe.mp3', size: 1000 });
    });
    renderHost(null);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('closing a notice removes it', async () => {
    renderHost(null);
    act(() => {
      notify({ text: { key: 'downloads.failed' } });
    });
    const close = within(screen.getByRole('listitem')).getByRole('button', { name: 'Schließen' });
    act(() => close.click());
    expect(notices.getSnapshot()).toEqual([]);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
