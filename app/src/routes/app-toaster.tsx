import { Toaster, useFailureText, type ToasterNotice } from '@protokoll/ui';
import type { MessageKey } from '@protokoll/ui/i18n';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { notices, useNotices, type Notice } from '../lib/notify.ts';
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

  const toNotice = ({ id, variant, text, fallbackKey }: Notice): ToasterNotice => ({
    id,
    variant,
    title: 'key' in text ? t(text.key as MessageKey) : (failureText(text, fallbackKey) ?? ''),
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
