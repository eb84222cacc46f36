import type { TeamMember } from '@protokoll/contract';
import { Trash2 } from 'lucide-react';
import { Badge } from '../../../components/badge.tsx';
import { useFormat } from '../../../lib/format.ts';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from './confirm-button.tsx';

/** One member in the owner's list: name, e-mail, minutes used, removal. */
export function MemberRow({
  member,
  onRemove,
  pending,
}: {
  member: TeamMember;
  onRemove: (id: number) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li
      data-slot="team-member"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
    >
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-medium text-foreground">
          <span className="wrap-anywhere">{member.name}</span>
          <Badge variant={member.role === 'owner' ? 'brand' : 'neutral'}>
            {t(`team.roles.${member.role}`)}
          </Badge>
        </span>
        <span className="text-sm wrap-anywhere text-muted-foreground">{member.email}</span>
      </div>
      <div className="flex items-center gap-3">
        <span className="text-sm whitespace-nowrap text-foreground">
          {t('team.members.used', { minutes: format.minutes(member.minutes_used) })}
        </span>
        {member.role === 'member' ? (
          <ConfirmButton
            label={t('team.members.remove')}
            accessibleLabel={t('team.members.removeNamed', { name: member.name })}
            icon={<Trash2 aria-hidden />}
            title={t('team.members.removeTitle', { name: member.name })}
            description={t('team.members.removeDescription')}
            confirm={t('team.members.removeConfirm')}
            pending={pending}
            onConfirm={() => onRemove(member.id)}
          />
        ) : null}
      </div>
    </li>
  );
}
