// The processing steps of the upload pipeline: pure steps with inputs and outputs, no database
// and no queue. The job worker strings them together and checkpoints between them.
export {
  ACCEPTED_AUDIO_TYPES,
  AudioError,
  AudioToolError,
  CHUNK_OVERLAP_SECONDS,
  cutChunk,
  detectAudio,
  MAX_CHUNK_BYTES,
  MAX_CHUNK_SECONDS,
  planChunks,
  prepareAudio,
  probeAudio,
  sniffAudio,
  SNIFF_BYTES,
  type AudioErrorReason,
  type AudioProbe,
  type ChunkOptions,
  type ChunkPlan,
  type DetectedAudio,
  type PreparedAudio,
} from './audio.ts';
export { createChatClient, type ChatClient, type ChatMessage } from './chat.ts';
export { cleanSegments, cleanText } from './clean.ts';
export {
  EngineError,
  normaliseBaseUrl,
  redactUrl,
  type EngineErrorReason,
  type EngineName,
} from './engine.ts';
export { extractiveSummary, type ExtractiveOptions } from './extractive.ts';
export { dominantLanguage, mergeTranscripts } from './merge.ts';
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
