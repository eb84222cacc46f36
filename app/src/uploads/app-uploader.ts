import { queryClient } from '../lib/query-client.ts';
import { loadSession } from '../session/session-context.ts';
import { sendResumableUpload } from './resumable-upload.ts';
import { uploadStore } from './upload-store.ts';
import { createUploader } from './uploader.ts';

/**
 * The app's uploader, resumable (tus, docs/uploads.md#resumable-uploads): the session's refresh rule, the shared upload store, and the app's query
 * cache, through which it follows its note and reloads what the note changes. Loaded with the
 * new-note page; its uploads keep running wherever the person goes next.
 */
export const uploader = createUploader({
  store: uploadStore,
  loadSession,
  queryClient,
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  send: sendResumableUpload,
});
