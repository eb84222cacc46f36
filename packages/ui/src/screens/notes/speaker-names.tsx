import { NAME_MAX_LENGTH, type SpeakerSuggestion } from '@protokoll/contract';
import { CircleCheck } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { Input } from '../../components/input.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import { useAction, type ActionResult } from './action.ts';
import { defaultSpeakerName } from '../../widgets/reader-parts.tsx';

// Shown only once the transcript suggests a name (docs/product.md#glossary): loaded then.
const SpeakerSuggestionHint = lazy(() =>
  import('./glossary-reader.ts').then((module) => ({
    default: module.SpeakerSuggestionHint,
  })),
);

// The name a speaker goes by is in widgets/reader-parts.tsx (`useSpeakerName`): the home page's example
// note shows names without the renaming.
export { useSpeakerName } from '../../widgets/reader-parts.tsx';

/** Speaker labels in the order they first speak. */
export function speakerLabels(segments: { speaker: string }[]): string[] {
  return [...new Set(segments.map((segment) => segment.speaker))];
}

/** Each speaker's share of the talk time, 0–1, from how long their passages last. */
export function talkShares(
  segments: readonly { speaker: string; start: number; end: number }[],
): Record<string, number> {
  const seconds: Record<string, number> = {};
  let total = 0;
  for (const segment of segments) {
    const length = Math.max(0, segment.end - segment.start);
    seconds[segment.speaker] = (seconds[segment.speaker] ?? 0) + length;
    total += length;
  }
  return Object.fromEntries(
    Object.entries(seconds).map(([label, length]) => [label, total > 0 ? length / total : 0]),
  );
}

export interface SpeakerNamesProps {
  /** Labels to name, in order of appearance. */
  labels: string[];
  /** The names given so far, by label. */
  names: Record<string, string>;
  /**
   * A name was saved: the complete new mapping (`""` takes a name back). A returned promise
   * shows a spinner until it settles, then "Name gespeichert." or the failure.
   */
  onRename: (names: Record<string, string>) => ActionResult;
  /** Each label's share of the talk time (0–1), shown as a bar under its name. */
  shares?: Record<string, number> | undefined;
  /**
   * Names the transcript suggests ("Danke, Anna" after a change of speaker,
   * docs/product.md#glossary): shown at the speaker for the user to accept, never applied alone.
   */
  suggestions?: readonly SpeakerSuggestion[] | undefined;
}

/**
 * "Sprecher": one small form per speaker label, so each name is saved on its own, with the
 * speaker's share of the talk time.
 */
export function SpeakerNames({ labels, names, onRename, shares, suggestions }: SpeakerNamesProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      data-slot="speaker-names"
      aria-labelledby={headingId}
      className="grid grid-cols-[minmax(0,1fr)] gap-3"
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-foreground">
          {t('reader.speakers.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('reader.speakers.description')}</p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {labels.map((label) => (
          <SpeakerNameForm
            key={label}
            label={label}
            names={names}
            onRename={onRename}
            share={shares?.[label]}
            suggestion={suggestions?.find((suggestion) => suggestion.speaker === label)}
          />
        ))}
      </div>
    </section>
  );
}

interface SpeakerNameFormProps {
  label: string;
  names: Record<string, string>;
  onRename: (names: Record<string, string>) => ActionResult;
  share?: number | undefined;
  suggestion?: SpeakerSuggestion | undefined;
}

function SpeakerNameForm({ label, names, onRename, share, suggestion }: SpeakerNameFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const failureText = useFailureText();
  const { pending, error, run } = useAction();
  const current = names[label] ?? '';
  const [value, setValue] = useState(current);
  const [saved, setSaved] = useState(false);
  // A name changed elsewhere (the app reloaded the note) replaces what is shown.
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    setShown(current);
    setValue(current);
  }
  const fallback = defaultSpeakerName(label, t);
  const fieldLabel = t('reader.speakers.nameFor', { label: fallback });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const name = value.trim();
    setValue(name);
    if (name === current.trim()) return;
    setSaved(false);
    void run(
      () => onRename({ ...names, [label]: name }),
      () => setSaved(true),
    );
  };

  const status = error ? failureText(error, 'reader.speakers.failed') : undefined;

  return (
    <form
      data-slot="speaker-name-form"
      data-speaker={label}
      onSubmit={submit}
      className="grid gap-1"
    >
      <Field label={fieldLabel} error={status}>
        <div className="flex min-w-0 gap-2">
          <Input
            value={value}
            placeholder={fallback}
            maxLength={NAME_MAX_LENGTH}
            autoComplete="off"
            readOnly={pending}
            onChange={(event) => {
              setValue(event.target.value);
              setSaved(false);
            }}
          />
          {/* Several "Speichern" buttons in a row: each names its speaker. */}
          <Button
            type="submit"
            variant="outline"
            loading={pending}
            aria-label={t('reader.speakers.saveFor', { label: fallback })}
          >
            {t('common.save')}
          </Button>
        </div>
      </Field>
      {suggestion && !current.trim() ? (
        <Suspense fallback={null}>
          <SpeakerSuggestionHint
            suggestion={suggestion}
            speaker={fallback}
            pending={pending}
            onAccept={() => {
              setValue(suggestion.name);
              setSaved(false);
              void run(
                () => onRename({ ...names, [label]: suggestion.name }),
                () => setSaved(true),
              );
            }}
          />
        </Suspense>
      ) : null}
      {share !== undefined ? (
        <div data-slot="speaker-share" className="flex items-center gap-2">
          <div aria-hidden className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-primary" style={{ width: `${share * 100}%` }} />
          </div>
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
            {t('reader.speakers.share', { share: format.percent(share) })}
          </span>
        </div>
      ) : null}
      <p role="status" className="text-sm text-success">
        {saved ? (
          <>
            <CircleCheck aria-hidden className="mr-1.5 inline size-4 align-[-3px]" />
            {t('reader.speakers.saved')}
          </>
        ) : null}
      </p>
    </form>
  );
}
