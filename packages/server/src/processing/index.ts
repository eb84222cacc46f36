// The processing steps of the upload pipeline: pure steps with inputs and outputs, no database
// and no queue. The job worker strings them together and checkpoints between them.
export {
  ACCEPTED_AUDIO_TYPES,
  AudioError,
  AudioToolError,
  CHUNK_OVERLAP_SECONDS,
  cutChunk,
  cutChunks,
  detectAudio,
  LEAD_CHUNK_SECONDS,
  MAX_CHUNK_BYTES,
  MAX_CHUNK_SECONDS,
  planChunks,
  PREPARED_MAX_BYTES_PER_SECOND,
  prepareAudio,
  probeAudio,
  sniffAudio,
  SNIFF_BYTES,
  type AudioErrorReason,
  type AudioProbe,
  type AudioSource,
  type ChunkOptions,
  type ChunkCutter,
  type ChunkPlan,
  type DetectedAudio,
  type PreparedAudio,
} from './audio.ts';
export { TranscriptAssembler, type AssembledTranscript } from './assemble.ts';
export { createChatClient, type ChatClient, type ChatMessage } from './chat.ts';
export { cleaningLanguage, cleanSegments, cleanText, segmentCleaner } from './clean.ts';
export {
  EngineError,
  normaliseBaseUrl,
  redactUrl,
  type EngineErrorReason,
  type EngineName,
} from './engine.ts';
export { extractiveSummary, type ExtractiveOptions } from './extractive.ts';
export { extractiveLanguage, languageCode, spokenLanguage } from './language.ts';
export {
  dominantLanguage,
  mergeTranscripts,
  mergeTranscriptsWithRemoved,
  TranscriptMerger,
} from './merge.ts';
export { filterHallucinations } from './hallucinations.ts';
export {
  createSttClient,
  transcribeChunks,
  type ChunkFile,
  type SttClient,
  type TranscribeChunksOptions,
  type Transcription,
  type TranscriptSegment,
} from './stt.ts';
export {
  DEFAULT_WINDOW_CHARS,
  emptySummary,
  summariseWithLlm,
  type SpeakerNames,
  type SummariseOptions,
} from './summarise.ts';
export { computePeaks, ensurePeaks, foldPeaks, peaksKey, type Peaks } from './peaks.ts';
