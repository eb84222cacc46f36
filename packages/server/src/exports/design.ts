import type { NoteDesign } from '@protokoll/contract';

/** The interface's primary colour (brand-600, oklch(0.5 0.21 265)) as hex, for the modern design. */
export const BRAND = '2653D8';

/**
 * The look of one design, shared by DOCX and PDF so a note looks the same in both. Sizes are in
 * points; colours are hex without `#`.
 */
export interface DesignTokens {
  /** DOCX font family (Word substitutes a close one where it is missing). */
  docxFont: string;
  /** PDF standard fonts (WinAnsi; no embedding needed). */
  pdfFont: { regular: string; bold: string; italic: string };
  /** DejaVu files for text outside WinAnsi, when the system has them. */
  pdfFallback: { regular: string; bold: string; italic: string };
  text: string;
  muted: string;
  /** Title and section headings. */
  accent: string;
  /** Speaker names in the transcript. */
  speaker: string;
  bodySize: number;
  titleSize: number;
  headingSize: number;
  metaSize: number;
  titleAlign: 'left' | 'center';
  /** classic: a rule under title and headings; modern: a brand bar; minimal: nothing. */
  rule: 'line' | 'bar' | 'none';
}

const sans = {
  pdfFont: { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' },
  pdfFallback: {
    regular: 'DejaVuSans.ttf',
    bold: 'DejaVuSans-Bold.ttf',
    italic: 'DejaVuSans-Oblique.ttf',
  },
};

export const designs: Record<NoteDesign, DesignTokens> = {
  // Traditional minutes: serif, dark text, centred title, ruled headings.
  classic: {
    docxFont: 'Georgia',
    pdfFont: { regular: 'Times-Roman', bold: 'Times-Bold', italic: 'Times-Italic' },
    pdfFallback: {
      regular: 'DejaVuSerif.ttf',
      bold: 'DejaVuSerif-Bold.ttf',
      italic: 'DejaVuSerif-Italic.ttf',
    },
    text: '1A1A1A',
    muted: '4A4A4A',
    accent: '1A1A1A',
    speaker: '1A1A1A',
    bodySize: 11,
    titleSize: 20,
    headingSize: 14,
    metaSize: 10,
    titleAlign: 'center',
    rule: 'line',
  },
  // The product's look: sans, brand-coloured title, headings and speakers.
  modern: {
    docxFont: 'Calibri',
    ...sans,
    text: '1F2937',
    muted: '6B7280',
    accent: BRAND,
    speaker: BRAND,
    bodySize: 10.5,
    titleSize: 24,
    headingSize: 14,
    metaSize: 9.5,
    titleAlign: 'left',
    rule: 'bar',
  },
  // Plain: sans, black, headings barely larger than the text, no decoration.
  minimal: {
    docxFont: 'Arial',
    ...sans,
    text: '000000',
    muted: '666666',
    accent: '000000',
    speaker: '000000',
    bodySize: 10,
    titleSize: 14,
    headingSize: 11,
    metaSize: 9,
    titleAlign: 'left',
    rule: 'none',
  },
};
