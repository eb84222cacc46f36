import type { TeamInvitation } from '@protokoll/contract';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card.tsx';
import { useFormat } from '../../../lib/format.ts';
import { useTranslation } from 'react-i18next';

/** The owner's open invitations, each with revoking. */
export function InvitationsCard({
  invitations,
  onRevoke,
  pendingId,
}: {
  invitations: TeamInvitation[];
  onRevoke: (id: number) => void;
  pendingId: number | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-slot="team-invitations">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{t('team.invitations.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid divide-y divide-border" aria-labelledby={titleId}>
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              data-slot="team-invitation"
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
            >
              <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
                <span className="font-medium wrap-anywhere text-foreground">
                  {invitation.email}
                </span>
                <span className="text-sm text-muted-foreground">
                  {invitation.expired ? (
                    <Badge variant="warning">{t('team.invitations.expired')}</Badge>
                  ) : (
                    t('team.invitations.expires', { date: format.date(invitation.expires_at) })
                  )}
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                loading={pendingId === invitation.id}
                aria-label={t('team.invitations.revokeNamed', { email: invitation.email })}
                onClick={() => onRevoke(invitation.id)}
              >
                <X aria-hidden />
                {t('team.invitations.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
