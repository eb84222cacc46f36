import { PDFParse } from 'pdf-parse';

/** The PDF's text with line wrapping and pdf-parse's page markers folded into single spaces. */
export async function pdfText(data: Uint8Array): Promise<string> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const parser = new PDFParse({ data: data.slice() });
  try {
    const { text } = await parser.getText();
    return text.replace(/-- \d+ of \d+ --/g, ' ').replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** The number of pages of a PDF. */
export async function pdfPages(data: Uint8Array): Promise<number> {
  const parser = new PDFParse({ data: data.slice() });
  try {
    return (await parser.getInfo()).total;
  } finally {
    await parser.destroy();
  }
}
