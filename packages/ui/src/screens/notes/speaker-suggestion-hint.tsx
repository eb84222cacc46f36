import type { SpeakerSuggestion } from '@protokoll/contract';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';

export interface SpeakerSuggestionHintProps {
  suggestion: SpeakerSuggestion;
  /** The speaker's name as shown while unnamed ("Sprecher 3"). */
  speaker: string;
  pending: boolean;
  onAccept: () => void;
}

/**
 * A name the transcript suggests for an unnamed speaker, with the button to take it
 * (docs/product.md#glossary). Loaded only once there is a suggestion (speaker-names.tsx): the
 * notes page's first script stays without it.
 */
export function SpeakerSuggestionHint({
  suggestion,
  speaker,
  pending,
  onAccept,
}: SpeakerSuggestionHintProps) {
  const { t } = useTranslation();
  return (
    <div
      data-slot="speaker-suggestion"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md bg-muted px-2 py-1.5 text-sm"
    >
      <Sparkles aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-48 flex-1">
        <span className="font-medium">
          {t('noteTools.glossary.suggestion', { name: suggestion.name })}
        </span>{' '}
        <span className="text-muted-foreground wrap-anywhere">
          {t('noteTools.glossary.suggestionEvidence', { evidence: suggestion.evidence })}
        </span>
      </span>
      <Button type="button" size="sm" variant="outline" disabled={pending} onClick={onAccept}>
        {t('noteTools.glossary.acceptSuggestion', { name: suggestion.name, speaker })}
      </Button>
    </div>
  );
}
