import {
  formalPartOf,
  type NoteDetail,
  type ShareSection,
  type TemplateSectionKey,
} from '@protokoll/contract';
import { ShareDialog } from '@protokoll/ui';
import { useTranslation } from 'react-i18next';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../../api/notes/shares.ts';
import { useTeam } from '../../api/team/team.ts';
import { useUser } from '../../api/user/user.ts';
import { toFailureText, withFailureText } from '../../lib/failure.ts';

/** The reader summary's heading of each part a share may keep (`reader.summary.*`). */
const PART_HEADINGS: Partial<Record<TemplateSectionKey, string>> = {
  bullets: 'reader.summary.bullets',
  discussion: 'reader.summary.discussion',
  qa: 'reader.summary.qa',
  sections: 'reader.summary.sections',
};

/** The parts of a (not formal) summary an extract can keep: those it has. */
function sectionsOf(note: NoteDetail, t: (key: string) => string) {
  const summary = note.summary;
  if (!summary) return [];
  const part = (['bullets', 'discussion', 'qa', 'sections'] as const).find(
    (key) => (summary[key]?.length ?? 0) > 0,
  );
  const present: [ShareSection, boolean, string][] = [
    ['overview', summary.overview.trim() !== '', t('reader.summary.overview')],
    ['part', part !== undefined, part ? t(PART_HEADINGS[part]!) : ''],
    ['topics', summary.topics.length > 0, t('reader.summary.topics')],
    ['decisions', summary.decisions.length > 0, t('reader.summary.decisions')],
    ['action_items', summary.action_items.length > 0, t('reader.summary.actionItems')],
  ];
  return present.filter(([, has]) => has).map(([key, , label]) => ({ key, label }));
}

export interface ShareNoteViewProps {
  note: NoteDetail;
  onClose: () => void;
}

/**
 * The share dialog of a finished note (docs/sharing.md), in a chunk of its own with the `share`
 * texts: loaded when "Teilen" is first pressed. Offers the team's addresses to mail the link to.
 */
export function ShareNoteView({ note, onClose }: ShareNoteViewProps) {
  const { t } = useTranslation();
  const shares = useShareLinks(note.id);
  const create = useCreateShareLink(note.id);
  const revoke = useRevokeShareLink(note.id);
  const team = useTeam();
  const me = useUser().data?.email;
  const formal = formalPartOf(note.summary, note.structure);
  const teamAddresses = team.data
    ? [
        ...(team.data.owner ? [team.data.owner.email] : []),
        ...team.data.members.map((member) => member.email),
      ].filter((address) => address !== me)
    : [];
  return (
    <ShareDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      noteName={note.name}
      hasAudio={note.size > 0}
      items={formal?.formal.items}
      sections={formal ? undefined : sectionsOf(note, t as (key: string) => string)}
      teamAddresses={[...new Set(teamAddresses)]}
      status={shares.data ? 'ready' : shares.isError ? 'error' : 'loading'}
      shares={shares.data}
      error={shares.isError ? toFailureText(shares.error) : undefined}
      onRetry={() => void shares.refetch()}
      onCreate={(body) => withFailureText(create.mutateAsync(body))}
      onRevoke={(share) => withFailureText(revoke.mutateAsync(share.id))}
    />
  );
}
