import { UploadToasts } from '@protokoll/ui';
import { useEffect } from 'react';
import { guardUnloadWhileSending, uploadStore, useUploads } from './upload-store.ts';

/**
 * The upload toasts of the signed-in person, from the upload store. Rendered by the default
 * layout, not a page, so the toasts follow an upload from page to page (PRODUCT.md). Uploads
 * belong to whoever started them: another person signing in starts with none.
 */
export function UploadToastsContainer({ owner }: { owner: number }) {
  const uploads = useUploads();
  useEffect(() => uploadStore.setOwner(owner), [owner]);
  useEffect(() => guardUnloadWhileSending(uploadStore), []);
  return (
    <UploadToasts
      uploads={uploads.owner === owner ? uploads.entries : []}
      onDismiss={(id) => uploadStore.dismiss(Number(id))}
    />
  );
}
