import { downloadFilename, type Download, type DownloadFormat } from '@protokoll/contract';

/**
 * How long the object URL of a saved file stays valid. The browser reads it after the click
 * returns (some only when the download really starts), so it is not revoked at once.
 */
export const OBJECT_URL_LIFETIME_MS = 40_000;

/**
 * The file of a download answer (docs/uploads.md#exports): its base64 `data` as bytes of its
 * `contentType`.
 */
export function downloadBlob(download: Pick<Download, 'data' | 'contentType'>): Blob {
  const binary = atob(download.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: download.contentType });
}

/** Hands a file to the browser's download through an object URL and an `<a download>`. */
export function saveFile(blob: Blob, filename: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  }
}

/**
 * Download: loads the answer and saves its file under its `filename` (`note.{format}`
 * when the server names none). Answers false on any failure (the call, an unsuccessful answer,
 * undecodable data) and true once the file is handed to the browser.
 */
export async function saveDownload(
  load: () => Promise<Download>,
  format: DownloadFormat | 'csv',
  save: (blob: Blob, filename: string) => void = saveFile,
): Promise<boolean> {
  try {
    const download = await load();
    if (!download.success || download.status >= 400) return false;
    save(downloadBlob(download), downloadFilename(format, download.filename));
    return true;
  } catch {
    return false;
  }
}
