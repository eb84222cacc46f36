import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IBordersOptions,
} from 'docx';
import type { NoteDesign } from '@protokoll/contract';
import type { AttendanceSheet } from './approval.ts';
import type { ExportDocument, ListItem, QaPair, TranscriptLine } from './content.ts';
import { designs, type DesignTokens } from './design.ts';

const BULLETS = 'bullets';
/** 1 pt = 20 twips; font sizes are in half points. */
const twips = (pt: number) => Math.round(pt * 20);
const halfPoints = (pt: number) => Math.round(pt * 2);

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * docx stamps core.xml with the current time; the note's own time instead keeps an export of an
 * unchanged note identical in content (zip entry times still come from the clock: docx offers no
 * option for them).
 */
function coreProperties(doc: ExportDocument, updatedAt: string): string {
  const when = new Date(updatedAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${xmlEscape(doc.title)}</dc:title>` +
    '<dc:creator>Protokoll</dc:creator>' +
    `<dc:language>${xmlEscape(doc.locale)}</dc:language>` +
    '<cp:lastModifiedBy>Protokoll</cp:lastModifiedBy>' +
    '<cp:revision>1</cp:revision>' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

function ruleBorder(d: DesignTokens, heading: 'title' | 'heading'): IBordersOptions | undefined {
  if (d.rule === 'line') {
    return {
      bottom: {
        style: heading === 'title' ? BorderStyle.DOUBLE : BorderStyle.SINGLE,
        size: 6,
        color: d.accent,
        space: 4,
      },
    };
  }
  if (d.rule === 'bar') {
    return { left: { style: BorderStyle.SINGLE, size: 24, color: d.accent, space: 8 } };
  }
  return undefined;
}

function styles(d: DesignTokens) {
  const titleBorder = d.rule === 'line' ? ruleBorder(d, 'title') : undefined;
  const headingBorder = ruleBorder(d, 'heading');
  return {
    default: {
      document: {
        run: { font: d.docxFont, size: halfPoints(d.bodySize), color: d.text },
        paragraph: { spacing: { after: twips(6), line: 276 } },
      },
      title: {
        run: {
          font: d.docxFont,
          size: halfPoints(d.titleSize),
          bold: true,
          color: d.accent,
        },
        paragraph: {
          alignment: d.titleAlign === 'center' ? AlignmentType.CENTER : AlignmentType.LEFT,
          spacing: { after: twips(6) },
          ...(titleBorder ? { border: titleBorder } : {}),
        },
      },
      heading1: {
        run: {
          font: d.docxFont,
          size: halfPoints(d.headingSize),
          bold: true,
          color: d.accent,
          // Small capitals are the traditional minutes heading; the others stay as typed.
          ...(d.rule === 'line' ? { smallCaps: true } : {}),
        },
        paragraph: {
          spacing: { before: twips(d.rule === 'none' ? 12 : 18), after: twips(6) },
          keepNext: true,
          ...(headingBorder ? { border: headingBorder } : {}),
        },
      },
    },
    paragraphStyles: [
      {
        // Not a heading: the summary's title belongs under the note's, not in the outline.
        id: 'Subtitle',
        name: 'Subtitle',
        basedOn: 'Normal',
        next: 'Normal',
        run: { size: halfPoints(d.bodySize + 1), bold: true, color: d.accent },
        paragraph: {
          alignment: d.titleAlign === 'center' ? AlignmentType.CENTER : AlignmentType.LEFT,
          spacing: { after: twips(4) },
        },
      },
      {
        id: 'Meta',
        name: 'Meta',
        basedOn: 'Normal',
        run: { size: halfPoints(d.metaSize), color: d.muted, italics: d.rule === 'line' },
        paragraph: {
          alignment: d.titleAlign === 'center' ? AlignmentType.CENTER : AlignmentType.LEFT,
          spacing: { after: twips(12) },
        },
      },
      {
        id: 'Notice',
        name: 'Notice',
        basedOn: 'Normal',
        run: { size: halfPoints(d.metaSize), color: d.muted, italics: true },
      },
      {
        id: 'Transcript',
        name: 'Transcript',
        basedOn: 'Normal',
        paragraph: { spacing: { after: twips(4) } },
      },
    ],
  };
}

/** An item's detail line ("Verantwortlich: … · Beleg: …"), under its text. */
function detailsRun(details: string, d: DesignTokens): TextRun {
  return new TextRun({
    text: details,
    break: 1,
    italics: true,
    color: d.muted,
    size: halfPoints(d.metaSize),
  });
}

function listParagraph(item: ListItem, d: DesignTokens): Paragraph {
  const children: TextRun[] = [];
  if (item.lead) children.push(new TextRun({ text: `${item.lead}: `, bold: true }));
  children.push(new TextRun(item.text));
  if (item.details) {
    children.push(detailsRun(item.details, d));
  }
  return new Paragraph({ children, numbering: { reference: BULLETS, level: 0 } });
}

/** A resolution set apart: no bullet, indented, an accent line beside it. */
function setApartParagraph(item: ListItem, d: DesignTokens): Paragraph {
  return new Paragraph({
    children: [
      ...(item.lead ? [new TextRun({ text: `${item.lead}: `, bold: true })] : []),
      new TextRun({ text: item.text, bold: true }),
      ...(item.details ? [detailsRun(item.details, d)] : []),
    ],
    indent: { left: twips(18) },
    spacing: { before: twips(4), after: twips(8) },
    border: { left: { style: BorderStyle.SINGLE, size: 18, color: d.accent, space: 8 } },
    keepLines: true,
  });
}

/** A table of two columns (the head of minutes): the lead in bold, the text beside it. */
function itemTable(items: ListItem[], d: DesignTokens): Table {
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const line = { style: BorderStyle.SINGLE, size: 4, color: d.muted };
  const cell = (children: TextRun[]) =>
    new TableCell({
      children: [new Paragraph({ children, spacing: { after: 0 } })],
      borders: { top: none, left: none, right: none, bottom: line },
      margins: { top: twips(3), bottom: twips(3), left: twips(2), right: twips(6) },
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    columnWidths: [twips(150), twips(317)],
    rows: items.map(
      (item) =>
        new TableRow({
          cantSplit: true,
          children: [
            cell([new TextRun({ text: item.lead ?? '', bold: true })]),
            cell([new TextRun(item.text), ...(item.details ? [detailsRun(item.details, d)] : [])]),
          ],
        }),
    ),
  });
}

/** An interview's question in bold, its answer indented below it. */
function qaParagraphs(pair: QaPair): Paragraph[] {
  return [
    new Paragraph({
      children: [new TextRun({ text: pair.question, bold: true })],
      keepNext: true,
      spacing: { after: twips(2) },
    }),
    ...(pair.answer ? [new Paragraph({ text: pair.answer, indent: { left: twips(14) } })] : []),
  ];
}

function transcriptParagraph(line: TranscriptLine, d: DesignTokens): Paragraph {
  return new Paragraph({
    style: 'Transcript',
    children: [
      new TextRun({ text: `${line.time}  `, color: d.muted, size: halfPoints(d.metaSize) }),
      new TextRun({ text: `${line.speaker}: `, bold: true, color: d.speaker }),
      new TextRun(line.text),
    ],
  });
}

/** The attendance list on a page of its own: a table of names with an empty cell to sign in. */
function attendanceTable(sheet: AttendanceSheet, d: DesignTokens): (Paragraph | Table)[] {
  const line = { style: BorderStyle.SINGLE, size: 4, color: d.muted };
  const cell = (text: string, bold = false) =>
    new TableCell({
      children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
      borders: { top: line, bottom: line, left: line, right: line },
      margins: { top: twips(8), bottom: twips(8), left: twips(4), right: twips(4) },
    });
  return [
    new Paragraph({ text: sheet.heading, heading: HeadingLevel.HEADING_1, pageBreakBefore: true }),
    new Paragraph({ text: sheet.notice, style: 'Notice' }),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      columnWidths: [twips(200), twips(267)],
      rows: [
        new TableRow({
          tableHeader: true,
          children: [cell(sheet.nameHeading, true), cell(sheet.signatureHeading, true)],
        }),
        ...sheet.names.map((name) => new TableRow({ children: [cell(name), cell('')] })),
      ],
    }),
  ];
}

/**
 * "Seite {{page}} von {{total}}" with Word fields where the numbers go; above it the footer of
 * formal minutes (their version and hash) when there is one.
 */
function pageFooter(template: string, d: DesignTokens, footer?: string): Footer {
  // split() with a capture group alternates text and placeholder names.
  const children = template
    .split(/\{\{\s*(page|total)\s*\}\}/)
    .map((part, index) => {
      if (index % 2 === 0) return part;
      return part === 'page' ? PageNumber.CURRENT : PageNumber.TOTAL_PAGES;
    })
    .filter(Boolean);
  return new Footer({
    children: [
      ...(footer
        ? [
            new Paragraph({
              alignment: AlignmentType.CENTER,
              children: [
                new TextRun({ text: footer, size: halfPoints(d.metaSize - 1), color: d.muted }),
              ],
            }),
          ]
        : []),
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ children, size: halfPoints(d.metaSize - 1), color: d.muted })],
      }),
    ],
  });
}

export async function renderDocx(
  doc: ExportDocument,
  design: NoteDesign,
  updatedAt: string,
): Promise<Uint8Array> {
  const d = designs[design];
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: doc.title, heading: HeadingLevel.TITLE }),
  ];
  if (doc.subtitle) children.push(new Paragraph({ text: doc.subtitle, style: 'Subtitle' }));
  children.push(
    new Paragraph({
      style: 'Meta',
      children: doc.meta.flatMap((item, index) => [
        ...(index ? [new TextRun(' · ')] : []),
        new TextRun({ text: `${item.label}: `, bold: true }),
        new TextRun(item.value),
      ]),
    }),
  );
  for (const section of doc.sections) {
    children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
    if (section.kind === 'paragraphs') {
      if (section.notice) children.push(new Paragraph({ text: section.notice, style: 'Notice' }));
      for (const text of section.paragraphs) children.push(new Paragraph({ text }));
    } else if (section.kind === 'list' && section.layout === 'table') {
      children.push(itemTable(section.items, d));
    } else if (section.kind === 'list') {
      for (const item of section.items) {
        children.push(item.setApart ? setApartParagraph(item, d) : listParagraph(item, d));
      }
    } else {
      for (const pair of section.pairs) children.push(...qaParagraphs(pair));
    }
  }
  if (doc.transcript.length) {
    children.push(new Paragraph({ text: doc.transcriptHeading, heading: HeadingLevel.HEADING_1 }));
    for (const line of doc.transcript) children.push(transcriptParagraph(line, d));
  }
  if (doc.attendance) children.push(...attendanceTable(doc.attendance, d));

  const file = new Document({
    creator: 'Protokoll',
    title: doc.title,
    styles: styles(d),
    numbering: {
      config: [
        {
          reference: BULLETS,
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: d.rule === 'none' ? '–' : '•',
              alignment: AlignmentType.LEFT,
              style: {
                run: { color: d.accent },
                paragraph: { indent: { left: twips(18), hanging: twips(12) } },
              },
            },
          ],
        },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            margin: { top: twips(64), bottom: twips(64), left: twips(64), right: twips(64) },
          },
        },
        footers: { default: pageFooter(doc.wording.page, d, doc.footer) },
        children,
      },
    ],
  });
  const buffer = await Packer.toBuffer(file, false, [
    { path: 'docProps/core.xml', data: coreProperties(doc, updatedAt) },
  ]);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
