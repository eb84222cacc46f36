// Loaded after the reader's first paint (note-reader.tsx): the contract's speaker-name
// suggestions stay out of the notes page's first script.
export { suggestSpeakerNames } from '@protokoll/contract';
