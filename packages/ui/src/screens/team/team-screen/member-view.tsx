import type { TeamResponse } from '@protokoll/contract';
import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/alert.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/card.tsx';
import { useFormat } from '../../../lib/format.ts';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from './confirm-button.tsx';

/** What a member (not the owner) sees: the team's owner and pool, and leaving the team. */
export function MemberView({
  team,
  onLeave,
  leaving,
}: {
  team: TeamResponse;
  onLeave: () => void;
  leaving: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const self = team.members[0];
  return (
    <Card aria-labelledby={titleId} data-slot="team-membership">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId} className="wrap-anywhere">
            {t('team.member.title', { owner: team.owner?.name ?? '' })}
          </h2>
        </CardTitle>
        <CardDescription className="wrap-anywhere">{team.owner?.email}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {team.active ? (
          <p className="text-sm text-foreground">
            {t('team.member.pool', { plan: team.plan_name })}
          </p>
        ) : (
          <Alert
            variant="warning"
            data-slot="team-inactive"
            description={t('team.member.inactive')}
          />
        )}
        {self ? (
          <dl className="grid gap-1 text-sm">
            <dt className="font-medium text-foreground">{t('team.member.used')}</dt>
            <dd className="text-muted-foreground">{format.minutes(self.minutes_used)}</dd>
          </dl>
        ) : null}
      </CardContent>
      <CardFooter className="justify-end">
        <ConfirmButton
          label={t('team.member.leave')}
          icon={<LogOut aria-hidden />}
          title={t('team.member.leaveTitle')}
          description={t('team.member.leaveDescription', { owner: team.owner?.name ?? '' })}
          confirm={t('team.member.leaveConfirm')}
          pending={leaving}
          onConfirm={onLeave}
        />
      </CardFooter>
    </Card>
  );
}
