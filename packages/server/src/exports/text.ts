import { metaLine, type ExportDocument, type ListItem } from './content.ts';

/**
 * Markdown inline characters in user text are escaped, so a name like `*Q1*` or a task with
 * `[x]` reads as written instead of turning into emphasis or links.
 */
function md(text: string): string {
  return text.replace(/[\\`*_[\]<>|#]/g, (char) => `\\${char}`);
}

function mdItem(item: ListItem): string {
  const text = item.lead ? `**${md(item.lead)}**: ${md(item.text)}` : md(item.text);
  // A resolution set apart: a quote block of its own.
  if (item.setApart) {
    return `\n> ${text}${item.details ? `  \n> _${md(item.details)}_` : ''}\n`;
  }
  return item.details ? `- ${text}  \n  _${md(item.details)}_` : `- ${text}`;
}

export function renderMarkdown(doc: ExportDocument): string {
  const blocks: string[] = [`# ${md(doc.title)}`];
  if (doc.subtitle) blocks.push(`_${md(doc.subtitle)}_`);
  blocks.push(doc.meta.map((item) => `**${md(item.label)}:** ${md(item.value)}`).join(' · '));
  for (const section of doc.sections) {
    blocks.push(`## ${md(section.heading)}`);
    if (section.kind === 'paragraphs') {
      if (section.notice) blocks.push(`> ${md(section.notice)}`);
      blocks.push(...section.paragraphs.map(md));
    } else if (section.kind === 'list') {
      blocks.push(section.items.map(mdItem).join('\n'));
    } else {
      const { question, answer } = doc.wording;
      for (const pair of section.pairs) {
        blocks.push(
          `**${md(question)}:** ${md(pair.question)}  \n${md(answer)}: ${md(pair.answer)}`,
        );
      }
    }
  }
  if (doc.transcript.length) {
    blocks.push(`## ${md(doc.transcriptHeading)}`);
    for (const line of doc.transcript) {
      blocks.push(`**[${line.time}] ${md(line.speaker)}:** ${md(line.text)}`);
    }
  }
  if (doc.attendance) {
    const sheet = doc.attendance;
    blocks.push(`## ${md(sheet.heading)}`, `> ${md(sheet.notice)}`);
    blocks.push(
      [
        `| ${md(sheet.nameHeading)} | ${md(sheet.signatureHeading)} |`,
        '| --- | --- |',
        ...sheet.names.map((name) => `| ${md(name) || ' '} | |`),
      ].join('\n'),
    );
  }
  if (doc.footer) blocks.push(`---\n\n_${md(doc.footer)}_`);
  return `${blocks.join('\n\n')}\n`;
}

/** A heading underlined to its own length, the plain-text convention editors and mail show well. */
function underline(text: string, char: string): string {
  return `${text}\n${char.repeat([...text].length)}`;
}

function txtItem(item: ListItem): string {
  const text = item.lead ? `${item.lead}: ${item.text}` : item.text;
  return item.details ? `- ${text}\n  ${item.details}` : `- ${text}`;
}

export function renderText(doc: ExportDocument): string {
  const blocks: string[] = [underline(doc.title, '=')];
  if (doc.subtitle) blocks.push(doc.subtitle);
  blocks.push(metaLine(doc));
  for (const section of doc.sections) {
    blocks.push(underline(section.heading, '-'));
    if (section.kind === 'paragraphs') {
      if (section.notice) blocks.push(`(${section.notice})`);
      blocks.push(...section.paragraphs);
    } else if (section.kind === 'list') {
      blocks.push(section.items.map(txtItem).join('\n'));
    } else {
      const { question, answer } = doc.wording;
      for (const pair of section.pairs) {
        blocks.push(`${question}: ${pair.question}\n${answer}: ${pair.answer}`);
      }
    }
  }
  if (doc.transcript.length) {
    blocks.push(underline(doc.transcriptHeading, '-'));
    blocks.push(
      doc.transcript.map((line) => `[${line.time}] ${line.speaker}: ${line.text}`).join('\n'),
    );
  }
  if (doc.attendance) {
    const sheet = doc.attendance;
    blocks.push(underline(sheet.heading, '-'), `(${sheet.notice})`);
    blocks.push(
      sheet.names
        .map((name) => `${(name || '').padEnd(40, name ? ' ' : '_')}  ${'_'.repeat(30)}`)
        .join('\n\n'),
    );
  }
  if (doc.footer) blocks.push(doc.footer);
  return `${blocks.join('\n\n')}\n`;
}
