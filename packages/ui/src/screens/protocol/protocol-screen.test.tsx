// The cost the new-note form shows and checks before sending must be the one the server
// charges: a recording of exactly 25 minutes lasts 25:00.08 as an MP3 and costs 25 minutes, not 26.
import { DEFAULT_PLAN_OFFERS, type Minutes } from '@protokoll/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

function renderForm(fileDuration: number | undefined, minutes: Minutes | undefined) {
  const i18n = createI18n('de', { de });
  return render(
    <I18nProvider i18n={i18n}>
      <ProtocolScreen
        capabilities={capabilities}
        minutes={minutes}
        buyMinutesHref="/buy"
        plan={freeOffer}
        folders={[]}
        status="ready"
        onSubmit={vi.fn()}
        onFileSelected={vi.fn()}
        defaultFile={fileDuration === undefined ? undefined : recording}
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

describe('the 0-minute notice', () => {
  const notice = (container: HTMLElement) => container.querySelector('[data-slot="no-minutes"]');

  it('shows on top with "Minuten kaufen" when the balance loaded and is 0', () => {
    const { container } = renderForm(undefined, balance(0));
    expect(notice(container)).toHaveTextContent('Sie haben keine Minuten mehr');
    expect(screen.getByRole('link', { name: 'Minuten kaufen' })).toHaveAttribute('href', '/buy');
  });

  it('shows without an active plan, whose balance counts as 0', () => {
    const { container } = renderForm(undefined, { ...balance(12), has_active_plan: false });
    expect(notice(container)).not.toBeNull();
  });

  it('stays away while the balance is unknown, with minutes left and with unlimited minutes', () => {
    expect(notice(renderForm(undefined, undefined).container)).toBeNull();
    cleanup();
    expect(notice(renderForm(undefined, balance(1)).container)).toBeNull();
    cleanup();
    const unlimited = { ...balance(0), unlimited: true };
    expect(notice(renderForm(undefined, unlimited).container)).toBeNull();
  });
});

describe('the remembered summary model', () => {
  const withPremium = toProtocolCapabilities({
    stt_available: true,
    llm_available: true,
    summary_models: [
      { id: 'standard', premium: false },
      { id: 'premium', premium: true },
    ],
    languages: ['de', 'en'],
    max_upload_bytes: 1024 ** 3,
    payments_enabled: false,
    missing_audio_tools: [],
  });
  const proOffer = DEFAULT_PLAN_OFFERS.find((plan) => plan.id === 'pro')!;

  it('is taken once the paid plan that opens it has loaded after the form', async () => {
    const i18n = createI18n('de', { de });
    const onSubmit = vi.fn();
    const screenWith = (plan: typeof proOffer | undefined) => (
      <I18nProvider i18n={i18n}>
        <ProtocolScreen
          capabilities={withPremium}
          minutes={balance(30)}
          plan={plan}
          folders={[]}
          status="ready"
          onSubmit={onSubmit}
          onFileSelected={vi.fn()}
          defaultFile={recording}
          fileDuration={60}
          rememberedOptions={{ summary_model: 'premium' }}
        />
      </I18nProvider>
    );
    const { rerender } = render(screenWith(undefined));
    rerender(screenWith(proOffer));
    fireEvent.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ summary_model: 'premium' }));
  });
});

describe('the new-note form’s template', () => {
  const own = { id: 7, name: 'Kundengespräch', structure: 'bullets', built_in: false } as const;
  const templates = [
    { id: 'minutes', name: 'Ergebnisprotokoll', structure: 'minutes', built_in: true },
    { id: 'detailed', name: 'Verlaufsprotokoll', structure: 'detailed', built_in: true },
    own,
  ] as const;

  /** Sends the form with its options folded, as the list arrives after the form. */
  async function sent(props: Partial<React.ComponentProps<typeof ProtocolScreen>>) {
    const i18n = createI18n('de', { de });
    const onSubmit = vi.fn();
    const screenWith = (loaded: boolean) => (
      <I18nProvider i18n={i18n}>
        <ProtocolScreen
          capabilities={capabilities}
          minutes={balance(30)}
          plan={freeOffer}
          folders={[]}
          status="ready"
          onSubmit={onSubmit}
          onFileSelected={vi.fn()}
          defaultFile={recording}
          fileDuration={60}
          {...props}
          templates={loaded ? templates : undefined}
          defaultTemplate={loaded ? props.defaultTemplate : undefined}
        />
      </I18nProvider>
    );
    const { rerender } = render(screenWith(false));
    rerender(screenWith(true));
    fireEvent.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    return onSubmit.mock.calls[0]![0] as { structure: string; template?: unknown };
  }

  it('is the default one, with the options folded, and the folded summary names it', async () => {
    const body = await sent({ defaultTemplate: 7 });
    expect(body).toMatchObject({ structure: 'bullets', template: 7 });
    expect(screen.getByRole('button', { name: /^Weitere Optionen/ })).toHaveTextContent(
      'Kundengespräch',
    );
  });

  it('is a built-in default’s structure without a template', async () => {
    const body = await sent({ defaultTemplate: 'detailed' });
    expect(body.structure).toBe('detailed');
    expect(body.template).toBeUndefined();
  });

  it('is the own template sent last time while it exists, before the default', async () => {
    const body = await sent({
      defaultTemplate: 'detailed',
      rememberedOptions: { structure: 'bullets', template: 7 },
    });
    expect(body).toMatchObject({ structure: 'bullets', template: 7 });
  });

  it('is the structure sent last time, before the default, also when that template is gone', async () => {
    const remembered = await sent({
      defaultTemplate: 7,
      rememberedOptions: { structure: 'interview' },
    });
    expect(remembered.structure).toBe('interview');
    expect(remembered.template).toBeUndefined();
    cleanup();
    const gone = await sent({
      defaultTemplate: 7,
      rememberedOptions: { structure: 'lecture', template: 99 },
    });
    expect(gone.structure).toBe('lecture');
    expect(gone.template).toBeUndefined();
  });
});
