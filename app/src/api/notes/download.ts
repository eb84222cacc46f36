import type { Download, DownloadFormat } from '@protokoll/contract';
import { saveDownload } from '../../lib/download.ts';
import { loadSession } from '../../session/session-context.ts';

// GET /api/note/{id}/{format}

export async function fetchDownload(id: number, format: DownloadFormat): Promise<Download> {
  const { client, endpoints } = await loadSession();
  return client.call(endpoints.downloadNote, { params: { id, format } });
}

/**
 * Downloads a note as a file: true once it is saved, false on any failure, which the caller
 * reports (docs/uploads.md#exports).
 */
export function downloadNote(id: number, format: DownloadFormat): Promise<boolean> {
  return saveDownload(() => fetchDownload(id, format), format);
}
