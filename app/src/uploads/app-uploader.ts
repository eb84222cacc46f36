import { fetchNote, noteKeys } from '../api/notes.ts';
import { queryClient } from '../lib/query-client.ts';
import { loadSession } from '../session/session-context.ts';
import { uploadStore } from './upload-store.ts';
import { createUploader } from './uploader.ts';

/**
 * The app's uploader: the session's client and refresh rule, the shared upload store, and the
 * note lists of TanStack Query, which load again when an upload creates or finishes a note.
 * Loaded with the new-note page; its uploads keep running wherever the person goes next.
 */
export const uploader = createUploader({
  store: uploadStore,
  loadSession,
  fetchNote: (id) => fetchNote(id),
  onNotesChanged: () => void queryClient.invalidateQueries({ queryKey: noteKeys.all }),
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
});
