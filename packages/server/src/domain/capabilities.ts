// What this server offers to the new-note form: the engine, summary models, languages and the
// upload limit, all derived from the configuration.
import {
  EXTRACTIVE_MODEL_ID,
  type CapabilitiesResponse,
  type SummaryModel,
} from '@protokoll/contract';
import type { Config } from '../config.ts';
import type { AudioToolsFound } from '../processing/audio-tools.ts';
import type { Engines } from '../jobs/pipeline.ts';

export { EXTRACTIVE_MODEL_ID };

/**
 * Spoken and summary languages on offer: the ones every engine we target transcribes well and
 * the extractive summariser at least passes through (it has German and English headings).
 */
export const SUPPORTED_LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'tr'] as const;

/** A language model writes the summaries: LLM_BASE_URL and LLM_MODELS are both set. */
export function llmConfigured(config: Pick<Config, 'llm' | 'llmEngines'>): boolean {
  return config.llmEngines.length > 0 && config.llm.models.length > 0;
}

/** The summary models this server offers: LLM_MODELS, or the extractive summariser alone. */
export function summaryModels(config: Pick<Config, 'llm' | 'llmEngines'>): SummaryModel[] {
  if (llmConfigured(config)) {
    return config.llm.models.map(({ id, premium }) => ({ id, premium }));
  }
  return [{ id: EXTRACTIVE_MODEL_ID, premium: false }];
}

/** `paymentsEnabled`: a payment provider is configured (STRIPE_SECRET_KEY), see docs/billing.md. */
export function capabilitiesOf(
  config: Config,
  paymentsEnabled = false,
  tools: Pick<AudioToolsFound, 'missing'> = { missing: [] },
  engines?: Pick<Engines, 'pools'>,
): CapabilitiesResponse {
  const status = (engines?.pools ?? []).flatMap((pool) =>
    pool.status().map((engine) => ({ kind: pool.kind, ...engine })),
  );
  return {
    success: true,
    stt_available: config.sttEngines.length > 0,
    missing_audio_tools: tools.missing,
    llm_available: llmConfigured(config),
    summary_models: summaryModels(config),
    languages: [...SUPPORTED_LANGUAGES],
    max_upload_bytes: config.maxUploadBytes,
    payments_enabled: paymentsEnabled,
    ...(status.length > 0 ? { engines: status } : {}),
  };
}
