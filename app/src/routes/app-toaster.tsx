import { Toaster, useFailureText, type ToasterNotice } from '@protokoll/ui';
import type { MessageKey } from '@protokoll/ui/i18n';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { notices, notify, useNotices, type Notice } from '../lib/notify.ts';
import { announceReadyNotes } from '../uploads/ready-notice.ts';
import { guardUnloadWhileSending, uploadStore, useUploads } from '../uploads/upload-store.ts';

/**
 * The app's one toast host, rendered by the default layout so toasts follow the person from
 * page to page: the notices of `notify` and, signed in, that person's uploads. Uploads belong to
 * whoever started them: another person signing in starts with none.
 */
export function AppToaster({ owner }: { owner: number | null }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const uploads = useUploads();
  const shown = useNotices();
  useEffect(() => {
    if (owner !== null) uploadStore.setOwner(owner);
  }, [owner]);
  useEffect(() => guardUnloadWhileSending(uploadStore), []);
  const [, navigate] = useLocation();
  // "Ihre Notiz ist fertig – Öffnen", wherever the person is by then (docs/uploads.md#following-a-new-note).
  useEffect(
    () =>
      announceReadyNotes(uploadStore, ({ noteId, filename }) => {
        const id = notify({
          variant: 'success',
          text: { key: 'uploads.ready.title' },
          description: t('uploads.ready.description', { name: filename }),
          duration: Infinity,
          action: {
            label: t('uploads.ready.open'),
            altText: t('uploads.ready.open'),
            onClick: () => {
              notices.dismiss(id);
              navigate(`/notes?note=${noteId}`);
            },
          },
        });
      }),
    [navigate, t],
  );

  const toNotice = ({
    id,
    variant,
    text,
    fallbackKey,
    description,
    action,
    duration,
  }: Notice): ToasterNotice => ({
    id,
    variant,
    title: 'key' in text ? t(text.key as MessageKey) : (failureText(text, fallbackKey) ?? ''),
    description,
    action,
    duration,
  });

  return (
    <Toaster
      notices={shown.map(toNotice)}
      onNoticeClose={(id) => notices.dismiss(Number(id))}
      uploads={owner !== null && uploads.owner === owner ? uploads.entries : []}
      onUploadDismiss={(id) => uploadStore.dismiss(Number(id))}
      onUploadPause={(id) => uploadStore.pause(Number(id))}
      onUploadResume={(id) => uploadStore.resume(Number(id))}
    />
  );
}
