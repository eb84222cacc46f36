import type { Download, DownloadFormat, NoteDesign } from '@protokoll/contract';
import { saveDownload } from '../../lib/download.ts';
import { loadSession } from '../../session/session-context.ts';

// GET /api/note/{id}/{format}?design=&minutes_version=

export async function fetchDownload(
  id: number,
  format: DownloadFormat,
  design?: NoteDesign,
  minutesVersion?: number,
): Promise<Download> {
  const { client, endpoints } = await loadSession();
  return client.call(endpoints.downloadNote, {
    params: { id, format },
    query: {
      ...(design ? { design } : {}),
      ...(minutesVersion === undefined ? {} : { minutes_version: minutesVersion }),
    },
  });
}

/**
 * Downloads a note as a file (a DOCX or PDF in `design`, else the note's own): true once it is saved, false on any failure, which the caller
 * reports (docs/uploads.md#exports).
 */
export function downloadNote(
  id: number,
  format: DownloadFormat,
  design?: NoteDesign,
  minutesVersion?: number,
): Promise<boolean> {
  return saveDownload(() => fetchDownload(id, format, design, minutesVersion), format);
}
