import type { Download } from '@protokoll/contract';
import type { RenderedExport } from '../exports/index.ts';

/** A rendered file as a download's answer (docs/uploads.md#exports): base64, name and type. */
export function fileAnswer(file: RenderedExport): Download {
  return {
    success: true,
    data: Buffer.from(file.data).toString('base64'),
    filename: file.filename,
    contentType: file.contentType,
    status: 200,
  };
}
