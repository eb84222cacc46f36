import { access } from 'node:fs/promises';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { NoteDesign } from '@protokoll/contract';
import type { AttendanceSheet } from './approval.ts';
import { metaLine, type ExportDocument, type ListItem } from './content.ts';
import { designs, type DesignTokens } from './design.ts';
import { interpolate } from '../lib/locale-files.ts';

/** Where Debian's fonts-dejavu-core puts DejaVu; only used for text the standard fonts lack. */
export const DEJAVU_DIR = '/usr/share/fonts/truetype/dejavu';

/** The Windows-1252 characters above Latin-1's control range, which WinAnsiEncoding adds. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (
    char === '\n' ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(char)
  );
}

/**
 * Without DejaVu, text outside WinAnsi (Łódź, Ελλάδα) would print as wrong letters; accents are
 * dropped where that leaves a readable letter (Ł stays unreadable and becomes "?").
 */
export function toWinAnsi(text: string): string {
  return [...text]
    .map((char) => {
      if (isWinAnsi(char)) return char;
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...base].every(isWinAnsi) && base ? base : '?';
    })
    .join('');
}

function allText(doc: ExportDocument): string {
  return [
    doc.title,
    doc.subtitle ?? '',
    metaLine(doc),
    doc.wording.page,
    ...doc.sections.flatMap((section) =>
      section.kind === 'paragraphs'
        ? [section.heading, section.notice ?? '', ...section.paragraphs]
        : section.kind === 'list'
          ? [
              section.heading,
              ...section.items.flatMap((i) => [i.lead ?? '', i.text, i.details ?? '']),
            ]
          : [section.heading, ...section.pairs.flatMap((p) => [p.question, p.answer])],
    ),
    doc.transcriptHeading,
    ...doc.transcript.flatMap((line) => [line.speaker, line.text]),
    doc.footer ?? '',
    ...(doc.attendance
      ? [doc.attendance.heading, doc.attendance.notice, doc.attendance.nameHeading]
      : []),
    doc.attendance?.signatureHeading ?? '',
    ...(doc.attendance?.names ?? []),
  ].join('\n');
}

interface Fonts {
  regular: string;
  bold: string;
  italic: string;
  /** Identity when the fonts cover the text. */
  fit: (text: string) => string;
}

/**
 * The PDF standard fonts cover German and English (WinAnsi has äöüß, „“ and €) and need no file
 * at run time. Only a note with other scripts embeds DejaVu, and only where it is installed;
 * embedded subsets carry a random tag, so such PDFs are not byte-for-byte repeatable.
 */
async function chooseFonts(pdf: PDFKit.PDFDocument, d: DesignTokens, text: string): Promise<Fonts> {
  const standard = { ...d.pdfFont };
  if ([...text].every(isWinAnsi)) return { ...standard, fit: (t) => t };
  const files = Object.values(d.pdfFallback).map((file) => join(DEJAVU_DIR, file));
  const present = await Promise.all(
    files.map((file) =>
      access(file).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (!present.every(Boolean)) return { ...standard, fit: toWinAnsi };
  pdf.registerFont('fallback-regular', join(DEJAVU_DIR, d.pdfFallback.regular));
  pdf.registerFont('fallback-bold', join(DEJAVU_DIR, d.pdfFallback.bold));
  pdf.registerFont('fallback-italic', join(DEJAVU_DIR, d.pdfFallback.italic));
  return {
    regular: 'fallback-regular',
    bold: 'fallback-bold',
    italic: 'fallback-italic',
    fit: (t) => t,
  };
}

const hex = (color: string) => `#${color}`;

class Layout {
  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly d: DesignTokens,
    private readonly fonts: Fonts,
  ) {}

  private get left() {
    return this.pdf.page.margins.left;
  }

  private get width() {
    return this.pdf.page.width - this.pdf.page.margins.left - this.pdf.page.margins.right;
  }

  /** A new page when fewer than `points` remain, so a heading never ends a page alone. */
  private keepSpace(points: number) {
    if (this.pdf.y + points > this.pdf.page.maxY()) this.pdf.addPage();
  }

  /** An item's detail line ("Verantwortlich: … · Beleg: …"): small, italic, muted, at `x`. */
  private details(text: string, x: number, width: number) {
    const { pdf, d, fonts } = this;
    pdf
      .font(fonts.italic)
      .fontSize(d.metaSize)
      .fillColor(hex(d.muted))
      .text(fonts.fit(text), x, pdf.y, { width });
  }

  /** How tall `text` and its detail line come out in `width`, the text in `font`. */
  private heightOf(text: string, details: string | undefined, font: string, width: number) {
    const { pdf, d, fonts } = this;
    const main = pdf.font(font).fontSize(d.bodySize).heightOfString(fonts.fit(text), { width });
    if (!details) return main;
    return (
      main +
      pdf.font(fonts.italic).fontSize(d.metaSize).heightOfString(fonts.fit(details), { width })
    );
  }

  private rule(y: number, weight: number) {
    this.pdf
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(weight)
      .strokeColor(hex(this.d.accent))
      .stroke();
  }

  title(title: string, subtitle: string | null, meta: string) {
    const { pdf, d, fonts } = this;
    if (d.rule === 'bar') pdf.rect(0, 0, pdf.page.width, 10).fill(hex(d.accent));
    pdf
      .font(fonts.bold)
      .fontSize(d.titleSize)
      .fillColor(hex(d.accent))
      .text(fonts.fit(title), this.left, pdf.y, { width: this.width, align: d.titleAlign });
    if (subtitle) {
      pdf
        .moveDown(0.2)
        .font(fonts.bold)
        .fontSize(d.bodySize + 1)
        .text(fonts.fit(subtitle), { width: this.width, align: d.titleAlign });
    }
    if (d.rule === 'line') {
      const y = pdf.y + 4;
      this.rule(y, 0.75);
      this.rule(y + 2.5, 0.75);
      pdf.y = y + 8;
    }
    pdf
      .moveDown(0.3)
      .font(d.rule === 'line' ? fonts.italic : fonts.regular)
      .fontSize(d.metaSize)
      .fillColor(hex(d.muted))
      .text(fonts.fit(meta), this.left, pdf.y, { width: this.width, align: d.titleAlign });
  }

  heading(text: string) {
    const { pdf, d, fonts } = this;
    pdf.moveDown(d.rule === 'none' ? 0.8 : 1.2);
    this.keepSpace(d.headingSize * 4);
    const y = pdf.y;
    pdf.font(fonts.bold).fontSize(d.headingSize).fillColor(hex(d.accent));
    if (d.rule === 'bar') {
      pdf.rect(this.left, y, 3, pdf.currentLineHeight()).fill(hex(d.accent));
      pdf
        .fillColor(hex(d.accent))
        .text(fonts.fit(text), this.left + 9, y, { width: this.width - 9 });
    } else {
      pdf.text(fonts.fit(text), this.left, y, { width: this.width });
    }
    if (d.rule === 'line') {
      this.rule(pdf.y + 1, 0.5);
      pdf.y += 4;
    }
    pdf.moveDown(0.3);
  }

  notice(text: string) {
    const { pdf, d, fonts } = this;
    pdf
      .font(fonts.italic)
      .fontSize(d.metaSize)
      .fillColor(hex(d.muted))
      .text(fonts.fit(text), this.left, pdf.y, { width: this.width, paragraphGap: 4 });
  }

  paragraph(text: string) {
    const { pdf, d, fonts } = this;
    pdf
      .font(fonts.regular)
      .fontSize(d.bodySize)
      .fillColor(hex(d.text))
      .text(fonts.fit(text), this.left, pdf.y, { width: this.width, paragraphGap: 4 });
  }

  /** A bullet with a hanging indent, so wrapped lines align with the text, not the bullet. */
  item(item: ListItem) {
    const { pdf, d, fonts } = this;
    const indent = 14;
    pdf.font(fonts.regular).fontSize(d.bodySize);
    this.keepSpace(pdf.currentLineHeight(true));
    const y = pdf.y;
    pdf
      .fillColor(hex(d.accent))
      .text(d.rule === 'none' ? '–' : '•', this.left + 2, y, { lineBreak: false });
    pdf.fillColor(hex(d.text));
    const at = { width: this.width - indent };
    if (item.lead) {
      pdf
        .font(fonts.bold)
        .text(fonts.fit(`${item.lead}: `), this.left + indent, y, { ...at, continued: true })
        .font(fonts.regular)
        .text(fonts.fit(item.text));
    } else {
      pdf.text(fonts.fit(item.text), this.left + indent, y, at);
    }
    if (item.details) this.details(item.details, this.left + indent, at.width);
    pdf.y += 3;
  }

  /**
   * A resolution set apart: no bullet, an accent bar beside it the height of its text and vote,
   * kept on one page.
   */
  setApart(item: ListItem) {
    const { pdf, d, fonts } = this;
    const indent = 14;
    const width = this.width - indent;
    const text = item.lead ? `${item.lead}: ${item.text}` : item.text;
    const height = this.heightOf(text, item.details, fonts.bold, width);
    pdf.y += 3;
    this.keepSpace(height + 6);
    const y = pdf.y;
    pdf.rect(this.left + 2, y - 2, 2.5, height + 4).fill(hex(d.accent));
    pdf
      .font(fonts.bold)
      .fontSize(d.bodySize)
      .fillColor(hex(d.text))
      .text(fonts.fit(text), this.left + indent, y, { width });
    if (item.details) this.details(item.details, this.left + indent, width);
    pdf.y += 6;
  }

  /** A table of two columns (the head of minutes): the lead in bold, the text beside it. */
  table(items: ListItem[]) {
    const { pdf, d, fonts } = this;
    const labelWidth = Math.round(this.width * 0.32);
    const gap = 8;
    const valueX = this.left + labelWidth + gap;
    const valueWidth = this.width - labelWidth - gap;
    for (const item of items) {
      const label = item.lead ?? '';
      const height = Math.max(
        this.heightOf(label, undefined, fonts.bold, labelWidth),
        this.heightOf(item.text, item.details, fonts.regular, valueWidth),
      );
      this.keepSpace(height + 8);
      const y = pdf.y + 3;
      pdf
        .font(fonts.bold)
        .fontSize(d.bodySize)
        .fillColor(hex(d.text))
        .text(fonts.fit(label), this.left, y, { width: labelWidth });
      pdf.font(fonts.regular).text(fonts.fit(item.text), valueX, y, { width: valueWidth });
      if (item.details) this.details(item.details, valueX, valueWidth);
      pdf.y = y + height + 3;
      pdf
        .moveTo(this.left, pdf.y)
        .lineTo(this.left + this.width, pdf.y)
        .lineWidth(0.4)
        .strokeColor(hex(d.muted))
        .stroke();
    }
    pdf.y += 4;
  }

  /** An interview's question in bold, its answer below it, indented like a list's text. */
  qa(question: string, answer: string) {
    const { pdf, d, fonts } = this;
    const indent = 14;
    pdf.font(fonts.bold).fontSize(d.bodySize);
    this.keepSpace(pdf.currentLineHeight(true) * 3);
    pdf
      .fillColor(hex(d.text))
      .text(fonts.fit(question), this.left, pdf.y, { width: this.width, paragraphGap: 2 });
    if (answer) {
      pdf
        .font(fonts.regular)
        .text(fonts.fit(answer), this.left + indent, pdf.y, { width: this.width - indent });
    }
    pdf.y += 6;
  }

  transcriptLine(time: string, speaker: string, text: string) {
    const { pdf, d, fonts } = this;
    pdf.font(fonts.regular).fontSize(d.bodySize);
    this.keepSpace(pdf.currentLineHeight(true));
    pdf
      .fontSize(d.metaSize)
      .fillColor(hex(d.muted))
      .text(`${time}  `, this.left, pdf.y, { width: this.width, continued: true })
      .font(fonts.bold)
      .fontSize(d.bodySize)
      .fillColor(hex(d.speaker))
      .text(fonts.fit(`${speaker}: `), { continued: true })
      .font(fonts.regular)
      .fillColor(hex(d.text))
      .text(fonts.fit(text), { paragraphGap: 3 });
  }

  /** The attendance list on a page of its own: each name with a line to sign on. */
  attendance(sheet: AttendanceSheet) {
    const { pdf, d, fonts } = this;
    pdf.addPage();
    this.heading(sheet.heading);
    this.notice(sheet.notice);
    const split = this.left + this.width * 0.45;
    const row = 30;
    pdf.moveDown(0.5).font(fonts.bold).fontSize(d.bodySize).fillColor(hex(d.text));
    const top = pdf.y;
    pdf.text(fonts.fit(sheet.nameHeading), this.left, top, { width: split - this.left - 8 });
    pdf.text(fonts.fit(sheet.signatureHeading), split, top, { width: this.width * 0.55 });
    pdf.y = top + row / 2;
    this.rule(pdf.y, 0.75);
    pdf.font(fonts.regular);
    for (const name of sheet.names) {
      this.keepSpace(row);
      const y = pdf.y + row;
      pdf.fillColor(hex(d.text)).text(fonts.fit(name), this.left, y - 14, {
        width: split - this.left - 8,
        lineBreak: false,
      });
      pdf
        .moveTo(split, y)
        .lineTo(this.left + this.width, y)
        .lineWidth(0.5)
        .strokeColor(hex(d.muted))
        .stroke();
      pdf.y = y;
    }
  }

  /**
   * "Seite 1 von 3" on every page, written once the page count is known; above it the footer of
   * formal minutes (their version and hash) when there is one.
   */
  pageNumbers(template: string, footer?: string) {
    const { pdf, d, fonts } = this;
    const range = pdf.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      pdf.switchToPage(index);
      // Text below the bottom margin would otherwise open a new page.
      const bottom = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0;
      pdf
        .font(fonts.regular)
        .fontSize(d.metaSize - 1)
        .fillColor(hex(d.muted))
        .text(
          fonts.fit(interpolate(template, { page: index + 1, total: range.count })),
          this.left,
          pdf.page.height - bottom / 2 - 4,
          { width: this.width, align: 'center', lineBreak: false },
        );
      if (footer) {
        pdf.text(fonts.fit(footer), this.left, pdf.page.height - bottom / 2 - 16, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      }
      pdf.page.margins.bottom = bottom;
    }
  }
}

export async function renderPdf(
  doc: ExportDocument,
  design: NoteDesign,
  updatedAt: string,
): Promise<Uint8Array> {
  const d = designs[design];
  // A fixed date: pdfkit derives the file ID from the info dictionary, so an unchanged note gives
  // the same bytes each time.
  const when = new Date(updatedAt);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 72, left: 64, right: 64 },
    bufferPages: true,
    lang: doc.locale,
    displayTitle: true,
    info: {
      Title: doc.title,
      Author: 'Protokoll',
      Creator: 'Protokoll',
      Producer: 'Protokoll',
      CreationDate: when,
      ModDate: when,
    },
  });
  const chunks: Uint8Array[] = [];
  pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });

  const fonts = await chooseFonts(pdf, d, allText(doc));
  const layout = new Layout(pdf, d, fonts);
  layout.title(doc.title, doc.subtitle, metaLine(doc));
  for (const section of doc.sections) {
    layout.heading(section.heading);
    if (section.kind === 'paragraphs') {
      if (section.notice) layout.notice(section.notice);
      for (const text of section.paragraphs) layout.paragraph(text);
    } else if (section.kind === 'list' && section.layout === 'table') {
      layout.table(section.items);
    } else if (section.kind === 'list') {
      for (const item of section.items) {
        if (item.setApart) layout.setApart(item);
        else layout.item(item);
      }
    } else {
      for (const pair of section.pairs) layout.qa(pair.question, pair.answer);
    }
  }
  if (doc.transcript.length) {
    layout.heading(doc.transcriptHeading);
    for (const line of doc.transcript) layout.transcriptLine(line.time, line.speaker, line.text);
  }
  if (doc.attendance) layout.attendance(doc.attendance);
  layout.pageNumbers(doc.wording.page, doc.footer);
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
