// Realistic formal meetings for the tests of formal minutes (docs/formal-minutes.md): what a
// speech engine returns for a Betriebsratssitzung in German and a members' meeting of a club in
// English, with their openings, agenda items, votes by show of hands and tasks, and what the
// minutes must hold.
import type { Segment } from '@protokoll/contract';
import { toSegments } from './extractive-meetings.ts';

/** Betriebsrat Werk Nord, ordinary session: overtime, a transfer, the summer party. */
export const WORKS_COUNCIL_SESSION: Segment[] = toSegments([
  ['S1', 'Guten Tag, ich eröffne die ordentliche Sitzung des Betriebsrats Werk Nord um 14:05 Uhr.'],
  ['S1', 'Wir tagen heute im Besprechungsraum 2.'],
  ['S1', 'Das Protokoll führt heute Petra Schmidt.'],
  [
    'S1',
    'Herr Yilmaz hat sich entschuldigt, als Gast begrüße ich Frau Dr. Weber von der IG Metall.',
  ],
  ['S1', 'Ich stelle fest, dass wir mit neun von elf Mitgliedern beschlussfähig sind.'],
  ['S1', 'Wir kommen zu TOP 1: Überstunden im Lager.'],
  ['S2', 'Die Geschäftsleitung beantragt für November zusätzlich zwei Samstagsschichten im Lager.'],
  [
    'S3',
    'Die Kollegen im Lager haben schon im Oktober über vierzig Überstunden gemacht, das ist zu viel.',
  ],
  [
    'S2',
    'Ich schlage vor, nur einer Samstagsschicht zuzustimmen und die zweite von neuen Aushilfen abhängig zu machen.',
  ],
  [
    'S1',
    'Ich lasse über folgenden Antrag abstimmen: Der Betriebsrat stimmt einer Samstagsschicht im Lager am 14. November zu und lehnt die zweite Schicht ab.',
  ],
  ['S1', 'Wer ist dafür?'],
  ['S4', 'Sieben.'],
  ['S1', 'Wer ist dagegen?'],
  ['S4', 'Niemand.'],
  ['S1', 'Enthaltungen?'],
  ['S4', 'Zwei.'],
  ['S1', 'Damit ist der Antrag mit sieben Ja-Stimmen bei zwei Enthaltungen angenommen.'],
  ['S3', 'Ich informiere die Geschäftsleitung bis Freitag über den Beschluss.'],
  ['S1', 'Wir kommen zu TOP 2: Versetzung von Herrn Klein in die Logistik.'],
  ['S2', 'Herr Klein hat der Versetzung selbst zugestimmt, die Stelle ist gleich eingruppiert.'],
  [
    'S1',
    'Der Betriebsrat beschließt einstimmig, der Versetzung von Herrn Klein in die Logistik zuzustimmen.',
  ],
  ['S1', 'Wir kommen zu TOP 3: Sommerfest.'],
  ['S3', 'Für das Sommerfest fehlt uns noch ein Ort, der Saal der Kantine ist zu klein.'],
  ['S2', 'Petra, kannst du bis zum fünfzehnten Mai drei Angebote für einen Festsaal einholen?'],
  ['S4', 'Ja, mache ich.'],
  ['S1', 'Ich schließe die Sitzung um 15:20 Uhr, vielen Dank.'],
]);

export const WORKS_COUNCIL_NAMES = {
  S1: 'Andrea Keller',
  S2: 'Jonas Berg',
  S3: 'Murat Demir',
  S4: 'Petra Schmidt',
};

/** Annual general meeting of a rowing club, in English. */
export const MEMBERS_MEETING_EN: Segment[] = toSegments([
  ['S1', 'Good evening, I call the meeting to order at 7:30 pm.'],
  ['S1', 'We meet today in the club house.'],
  ['S2', 'I will take the minutes tonight.'],
  ['S1', 'With thirty two members present we have a quorum.'],
  ['S1', 'Item 1: the annual accounts.'],
  ['S3', 'The club closed the year with a small surplus of two thousand euros.'],
  ['S1', 'I move that the accounts are approved. All in favour?'],
  ['S4', 'Thirty.'],
  ['S1', 'Those against?'],
  ['S4', 'None.'],
  ['S1', 'Abstentions?'],
  ['S4', 'Two.'],
  ['S1', 'The motion is carried.'],
  ['S1', 'Item 2: a new boat.'],
  ['S3', 'A new four costs about eighteen thousand euros.'],
  [
    'S1',
    'The motion to buy a new boat this year is rejected by twenty votes against twelve in favour.',
  ],
  ['S3', 'Tom will ask the boat builder for a second offer by the end of June.'],
  ['S1', 'I close the meeting at 9:10 pm.'],
]);

export const MEMBERS_MEETING_NAMES = { S1: 'Helen Carter', S2: 'Sam Reed', S3: 'Priya Shah' };

/**
 * A team meeting in English (an Ergebnisprotokoll): two decisions and two tasks with owners and
 * due dates, for the English pipeline from upload to export.
 */
export const TEAM_MEETING_EN: Segment[] = toSegments([
  ['S1', 'Good morning everyone, this is our weekly product team meeting.'],
  ['S1', 'First topic is the release date for version two.'],
  ['S2', 'QA needs one more week for the payment tests.'],
  ['S1', 'We decided to move the release to the fourteenth of March.'],
  ['S1', 'Next topic is the customer survey.'],
  ['S3', 'The survey has forty answers so far, most of them about the onboarding.'],
  ['S1', 'We agreed that the onboarding redesign comes first in the next sprint.'],
  ['S2', 'Sam will send the updated release plan to the sales team by Friday.'],
  ['S3', 'Priya will summarise the survey answers for the next meeting.'],
  ['S1', 'Thanks everyone, see you next week.'],
]);
