import type { TeamResponse } from '@protokoll/contract';
import { Users } from 'lucide-react';
import { useId } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/card.tsx';
import { useTranslation } from 'react-i18next';
import { MemberRow } from './member-row.tsx';

/** The owner's list of the team's members, each with removal. */
export function MembersCard({
  team,
  onRemove,
  pendingId,
}: {
  team: TeamResponse;
  onRemove: (id: number) => void;
  pendingId: number | undefined;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-slot="team-members">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{t('team.members.title')}</h2>
        </CardTitle>
        <CardDescription>{t('team.members.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {team.members.length > 1 ? null : (
          <p className="mb-3 flex items-center gap-2 text-sm text-muted-foreground">
            <Users aria-hidden className="size-4" />
            {t('team.members.empty')}
          </p>
        )}
        <ul className="grid divide-y divide-border" aria-labelledby={titleId}>
          {team.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              onRemove={onRemove}
              pending={pendingId === member.id}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
