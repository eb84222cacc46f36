// The cost the new-note form shows and checks before sending must be the one the server
// charges: a recording of exactly 25 minutes lasts 25:00.08 as an MP3 and costs 25 minutes, not 26.
import { DEFAULT_PLAN_OFFERS, type Minutes } from '@protokoll/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../../../../locales/de.json';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import { createI18n } from '../../lib/i18next.ts';
import { ProtocolScreen, toProtocolCapabilities } from './protocol-screen.tsx';

const freeOffer = DEFAULT_PLAN_OFFERS.find((plan) => plan.id === 'free')!;
const capabilities = toProtocolCapabilities({
  stt_available: true,
  llm_available: true,
  summary_models: [{ id: 'standard', premium: false }],
  languages: ['de', 'en'],
  max_upload_bytes: 1024 ** 3,
  payments_enabled: false,
  missing_audio_tools: [],
});
const recording = new File([new Uint8Array(64)], 'Jour fixe.mp3', { type: 'audio/mpeg' });

function balance(remaining: number): Minutes {
  return {
    total: 30,
    used: 30 - remaining,
    remaining,
    running: 0,
    unlimited: false,
    has_active_plan: true,
  };
}

function renderForm(fileDuration: number, minutes: Minutes) {
  const i18n = createI18n('de', { de });
  return render(
    <I18nProvider i18n={i18n}>
      <ProtocolScreen
        capabilities={capabilities}
        minutes={minutes}
        plan={freeOffer}
        folders={[]}
        locale="de"
        status="ready"
        onSubmit={vi.fn()}
        onFileSelected={vi.fn()}
        defaultFile={recording}
        fileDuration={fileDuration}
      />
    </I18nProvider>,
  );
}

const costShown = (container: HTMLElement) =>
  container.querySelector('[data-slot="file-cost-minutes"]')?.textContent;
const submit = () => screen.getByRole('button', { name: 'Notiz erstellen' });

afterEach(cleanup);

describe('the new-note form’s cost', () => {
  it('shows 25 minutes for 25:00.08 and lets exactly 25 remaining minutes pay for it', () => {
    const { container } = renderForm(25 * 60 + 0.08, balance(25));
    expect(costShown(container)).toBe('25 Minuten');
    expect(container.querySelector('[data-slot="refusal"]')).toBeNull();
    expect(submit()).toBeEnabled();
  });

  it('counts a started minute beyond the encoder padding: 25:00.6 costs 26', () => {
    const { container } = renderForm(25 * 60 + 0.6, balance(25));
    expect(costShown(container)).toBe('26 Minuten');
    expect(container.querySelector('[data-slot="refusal"]')).toHaveTextContent(
      'Nicht genug Minuten',
    );
    expect(submit()).toBeDisabled();
  });

  it('measures the plan’s per-file limit in the same minutes: 30:00.08 fits 30', () => {
    const fits = renderForm(30 * 60 + 0.08, balance(30));
    expect(costShown(fits.container)).toBe('30 Minuten');
    expect(fits.container.querySelector('[data-slot="refusal"]')).toBeNull();
    cleanup();

    const over = renderForm(30 * 60 + 0.6, balance(30));
    expect(over.container.querySelector('[data-slot="refusal"]')).toHaveTextContent(
      'Aufnahme zu lang für Ihren Tarif',
    );
  });
});
