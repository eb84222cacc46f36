// Realistic meetings for the extractive summariser's tests (docs/uploads.md#summaries): what a
// speech engine returns for a weekly team meeting, in German and in English, with an agenda,
// decisions, open questions and tasks whose due dates are said in words.
import type { Segment } from '@protokoll/contract';

export type Line = [speaker: string, text: string];

export function toSegments(lines: readonly Line[]): Segment[] {
  let at = 12;
  return lines.map(([speaker, text]) => {
    // About 15 characters per second of speech, plus a short pause.
    const length = Math.max(2, Math.round((text.length / 15) * 10) / 10);
    const segment = { start: at, end: Math.round((at + length) * 10) / 10, speaker, text };
    at = Math.round((segment.end + 0.8) * 10) / 10;
    return segment;
  });
}

/** Weekly product meeting of a small software team: release, customer feedback, trade fair. */
export const GERMAN_MEETING: Segment[] = toSegments([
  ['S1', 'Guten Morgen zusammen, schön, dass alle da sind.'],
  ['S1', 'Wir haben heute drei Punkte: das Release 2.4, das Kundenfeedback und die Messe in Köln.'],
  ['S1', 'Erster Punkt ist der Stand des Release 2.4.'],
  [
    'S2',
    'Die neue Exportfunktion ist fertig, aber beim PDF-Export gibt es noch Probleme mit langen Tabellen.',
  ],
  [
    'S3',
    'Die Tabellen werden beim Seitenumbruch abgeschnitten, das betrifft vor allem Rechnungen.',
  ],
  ['S2', 'Ich kümmere mich bis Freitag um den Fehler beim Seitenumbruch.'],
  ['S1', 'Gut. Wann können wir das Release an die Kunden ausliefern?'],
  [
    'S3',
    'Wenn der Fehler behoben ist, brauchen die Tests noch zwei Tage, also realistisch Mitte März.',
  ],
  [
    'S1',
    'Dann haben wir beschlossen, das Release 2.4 erst nach dem Fix für die Tabellen auszuliefern.',
  ],
  ['S1', 'Kommen wir zum Kundenfeedback aus dem Support.'],
  ['S4', 'Im Februar hatten wir deutlich mehr Tickets zur Anmeldung mit Google als sonst.'],
  [
    'S4',
    'Viele Kunden verstehen nicht, warum sie nach der Anmeldung ihre Firma noch einmal eintragen müssen.',
  ],
  ['S2', 'Das Formular für die Firma könnten wir beim ersten Login einfach überspringen.'],
  [
    'S4',
    'Außerdem wünschen sich mehrere Kunden eine Vorlage für Protokolle von Vorstandssitzungen.',
  ],
  ['S1', 'Petra, kannst du bis zum fünfzehnten März eine Auswertung der Tickets vorbereiten?'],
  ['S4', 'Ja, mache ich.'],
  [
    'S1',
    'Haben wir schon entschieden, ob die Vorlage für Vorstandssitzungen ins nächste Release kommt?',
  ],
  ['S3', 'Nein, das ist noch nicht entschieden, dafür brauchen wir erst die Auswertung.'],
  ['S1', 'Dann zur Messe in Köln im April.'],
  [
    'S3',
    'Der Stand auf der Messe ist gebucht, uns fehlen aber noch Flyer und eine Demo auf dem Tablet.',
  ],
  [
    'S2',
    'Für die Demo auf dem Tablet nehmen wir am besten die Version 2.4 mit der Exportfunktion.',
  ],
  ['S1', 'Wir haben uns geeinigt, dass Jonas und Petra den Stand am ersten Messetag betreuen.'],
  ['S3', 'Jonas bestellt die Flyer für die Messe nächste Woche bei der Druckerei.'],
  ['S1', 'Gut, dann danke euch allen, wir sehen uns nächsten Montag.'],
]);

/** Weekly marketing sync of a small company: website relaunch, newsletter, hiring. */
export const ENGLISH_MEETING: Segment[] = toSegments([
  ['S1', 'Morning everyone, thanks for joining the marketing sync.'],
  ['S1', 'We have three things today: the website relaunch, the newsletter and the open position.'],
  ['S1', 'First item is the website relaunch.'],
  ['S2', 'The new landing pages are done, but the pricing page still shows the old plans.'],
  [
    'S3',
    'The agency needs the final screenshots of the app before they can finish the pricing page.',
  ],
  ['S2', 'I will send the agency the final screenshots by Friday.'],
  ['S1', 'When do we want the new website to go live?'],
  ['S3', 'If the screenshots arrive on time, the agency can deliver in about two weeks.'],
  ['S1', 'So we agreed to launch the new website on the first Monday in April.'],
  ['S1', 'Moving on to the newsletter.'],
  ['S4', 'The open rate of the newsletter dropped from thirty to twenty two percent in February.'],
  ['S4', 'Most readers open it on their phones, and the layout breaks on small screens.'],
  ['S2', 'We could switch the newsletter to the simple one column template.'],
  ['S1', 'Maria, could you test the one column template by the fifteenth of March?'],
  ['S4', 'Sure, I can do that.'],
  ['S1', 'Have we decided whether we keep sending the newsletter every week?'],
  ['S3', 'Not yet, we have not decided that, we want to see the numbers first.'],
  ['S1', 'Next item: the open position for a content writer.'],
  ['S3', 'We received forty applications for the content writer, and six of them look strong.'],
  ['S2', 'The strongest candidates have experience with technical writing and with video.'],
  ['S1', 'We decided to invite the best four candidates for a first interview.'],
  ['S3', 'Tom will schedule the interviews with the candidates next week.'],
  ['S1', 'Great, thanks everyone, see you next Tuesday.'],
]);
