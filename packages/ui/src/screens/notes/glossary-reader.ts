// What the glossary adds to the reader (docs/product.md#glossary), in one chunk loaded after the
// reader's first paint: the speaker-name suggestions and their hint, the corrections' marks and
// list. One module for the three lazy imports, so the notes page's chunk lists its dependencies
// once (note-reader.tsx, speaker-names.tsx, transcript-editing.tsx).
export { suggestSpeakerNames } from '@protokoll/contract/speaker-suggestions';
export { GlossaryCorrections, MarkedLine } from './glossary-corrections.tsx';
export { SpeakerSuggestionHint } from './speaker-suggestion-hint.tsx';
