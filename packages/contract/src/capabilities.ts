import { z } from 'zod';
import { LanguageCode } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * The built-in summariser's model id: the one summary model of a server without a language model
 * (LLM_MODELS unset). It picks sentences and cannot translate, so the note stays in the spoken
 * language.
 */
export const EXTRACTIVE_MODEL_ID = 'extractive';

/** A summary model the server offers; `premium` ones need a paid plan (docs/minutes.md#premium). */
export const SummaryModel = z
  .object({
    /** The value of `summary_model` in `POST /api/note`. */
    id: z.string().min(1),
    premium: z.boolean(),
  })
  .meta({ id: 'SummaryModel' });
export type SummaryModel = z.infer<typeof SummaryModel>;

/**
 * What this server can do with an upload, so the form refuses before sending what the server
 * would refuse after: without a speech-to-text engine nothing can be processed
 * (docs/architecture.md#providers).
 */
export const CapabilitiesResponse = z
  .object({
    success: z.boolean(),
    /** False when no speech-to-text engine is configured (`STT_BASE_URL` unset). */
    stt_available: z.boolean(),
    /**
     * The audio tools this server lacks (it cannot probe or prepare any recording without them);
     * empty when uploads can be processed.
     */
    missing_audio_tools: z.array(z.enum(['ffmpeg', 'ffprobe'])),
    /**
     * True when a language model writes the summaries (LLM_BASE_URL and LLM_MODELS set). False:
     * the built-in summariser picks sentences, so the note is in the spoken language whatever
     * `summary_language` asks for.
     */
    llm_available: z.boolean(),
    /** The summary models to choose from, in the server's order of preference. */
    summary_models: z.array(SummaryModel),
    /** Spoken and summary languages on offer (`auto` is always possible for the spoken one). */
    languages: z.array(LanguageCode),
    /** Largest upload in bytes; bigger files are answered with 413. */
    max_upload_bytes: z.number().int().positive(),
    /**
     * False when no payment provider is configured (`STRIPE_SECRET_KEY` unset): plans are shown,
     * buying and the customer portal answer `paymentsDisabled`.
     */
    payments_enabled: z.boolean(),
    /**
     * The configured engines and whether each is in rotation now (health checks take a failing
     * one out and back in); names and tags only, never addresses. Absent on servers before it.
     */
    engines: z
      .array(
        z.object({
          kind: z.enum(['stt', 'llm']),
          name: z.string(),
          tag: z.enum(['local', 'cloud']),
          up: z.boolean(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'CapabilitiesResponse' });
export type CapabilitiesResponse = z.infer<typeof CapabilitiesResponse>;

/** Public: it describes the server, not the user, and the form may load it before the session. */
export const getCapabilities = defineEndpoint({
  id: 'getCapabilities',
  method: 'GET',
  path: '/api/capabilities',
  tag: 'system',
  summary: 'Speech-to-text availability, summary models, languages, upload size limit and payments',
  auth: false,
  response: CapabilitiesResponse,
});
