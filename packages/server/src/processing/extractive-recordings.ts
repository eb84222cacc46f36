// Realistic interviews and lectures for the extractive summariser's tests of the structures
// (docs/uploads.md#summaries-per-structure), in German and in English, as a speech engine
// returns them: the interviewer asks, the guest answers over several passages; the lecturer
// announces each part of the lecture.
import type { Segment } from '@protokoll/contract';
import { toSegments } from './extractive-meetings.ts';

/** A podcast interview with a bakery owner about her business. */
export const GERMAN_INTERVIEW: Segment[] = toSegments([
  ['S1', 'Herzlich willkommen, Frau Yilmaz, schön, dass Sie heute bei uns sind.'],
  ['S2', 'Danke für die Einladung, ich freue mich sehr.'],
  ['S1', 'Wie sind Sie eigentlich zum Bäckerhandwerk gekommen?'],
  [
    'S2',
    'Mein Großvater hatte eine kleine Bäckerei in Izmir, dort habe ich als Kind jeden Sommer verbracht.',
  ],
  ['S2', 'Nach dem Abitur habe ich dann in Köln eine Ausbildung zur Bäckerin gemacht.'],
  ['S1', 'Spannend. Was unterscheidet Ihre Bäckerei von den großen Ketten?'],
  ['S2', 'Wir backen jeden Teig selbst und lassen ihn bis zu zwei Tage reifen.'],
  ['S2', 'Das kostet Zeit, aber das Brot schmeckt besser und bleibt länger frisch.'],
  ['S1', 'Wie gehen Sie mit den gestiegenen Preisen für Energie und Mehl um'],
  ['S2', 'Wir haben einen neuen Ofen gekauft, der ein Drittel weniger Strom braucht.'],
  ['S2', 'Die Preise für unsere Brötchen mussten wir trotzdem leicht anheben.'],
  ['S1', 'Danke. Welche Pläne haben Sie für das nächste Jahr?'],
  [
    'S2',
    'Wir eröffnen im Frühjahr eine zweite Filiale in Ehrenfeld und suchen dafür noch zwei Bäcker.',
  ],
  ['S1', 'Vielen Dank für das Gespräch, Frau Yilmaz.'],
]);

/** A job interview for a product designer. */
export const ENGLISH_INTERVIEW: Segment[] = toSegments([
  ['S1', 'Thanks for coming in today, Sam.'],
  ['S2', 'Thank you for having me.'],
  ['S1', 'Could you tell us a little about your current role?'],
  ['S2', 'I lead the design of the mobile app at a small travel startup.'],
  ['S2', 'Most of my week goes into user research and prototypes.'],
  ['S1', 'What was the hardest project you worked on last year?'],
  ['S2', 'We rebuilt the booking flow, and the first version tested badly with older users.'],
  ['S2', 'We ran twelve more interviews and cut the flow from seven steps to four.'],
  ['S1', 'Great. How do you work with developers?'],
  ['S2', 'I pair with a developer on every feature from the first sketch.'],
  ['S1', 'Why do you want to join our team?'],
  ['S2', 'Your product helps small companies, and I want to see my work used every day.'],
  ['S1', 'Thanks, Sam, we will get back to you next week.'],
]);

/** An introductory lecture on photosynthesis, announced part by part. */
export const GERMAN_LECTURE: Segment[] = toSegments([
  ['S1', 'Guten Morgen, heute geht es um die Photosynthese der Pflanzen.'],
  ['S1', 'Kommen wir zuerst zum Aufbau der Chloroplasten.'],
  ['S1', 'Chloroplasten sind die Organellen, in denen die Photosynthese stattfindet.'],
  ['S1', 'Die Chloroplasten enthalten Thylakoide, und in den Thylakoiden sitzt das Chlorophyll.'],
  ['S1', 'Das Chlorophyll absorbiert vor allem rotes und blaues Licht.'],
  ['S1', 'Dann zur Lichtreaktion.'],
  ['S1', 'In der Lichtreaktion wird Wasser gespalten und Sauerstoff freigesetzt.'],
  ['S1', 'Die Lichtreaktion liefert die Energieträger ATP und NADPH für den nächsten Schritt.'],
  ['S1', 'Ohne Licht kommt die Lichtreaktion sofort zum Stillstand.'],
  ['S1', 'Kommen wir nun zum Calvin-Zyklus.'],
  ['S1', 'Im Calvin-Zyklus wird Kohlendioxid mit Hilfe von ATP und NADPH zu Zucker aufgebaut.'],
  ['S1', 'Das Enzym Rubisco bindet das Kohlendioxid im Calvin-Zyklus.'],
  ['S1', 'Rubisco ist das häufigste Enzym der Erde.'],
  ['S1', 'Als Hausaufgabe lesen Sie bitte bis nächste Woche das Kapitel vier im Lehrbuch.'],
]);

/** An introductory lecture on supply and demand, announced part by part. */
export const ENGLISH_LECTURE: Segment[] = toSegments([
  ['S1', 'Good morning, today we look at how markets set prices.'],
  ['S1', 'Let’s start with the demand curve.'],
  ['S1', 'The demand curve shows how much buyers want at each price.'],
  [
    'S1',
    'When the price rises, the quantity demanded usually falls, so the demand curve slopes down.',
  ],
  ['S1', 'Income and taste shift the whole demand curve.'],
  ['S1', 'Moving on to the supply curve.'],
  ['S1', 'The supply curve shows how much sellers offer at each price.'],
  ['S1', 'Higher prices make production more attractive, so the supply curve slopes up.'],
  ['S1', 'Costs of inputs shift the supply curve.'],
  ['S1', 'Now to market equilibrium.'],
  ['S1', 'The equilibrium price is where the demand curve and the supply curve cross.'],
  ['S1', 'At the equilibrium price there is neither a shortage nor a surplus.'],
  ['S1', 'A price ceiling below the equilibrium creates a shortage.'],
  ['S1', 'As homework, please solve the problems at the end of chapter three by next week.'],
]);
