import type { FailureText } from '@protokoll/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { useFailureText } from '../../../lib/failure-text.ts';
import { useTranslation } from 'react-i18next';
import type { TeamActionStatus } from './action-status.ts';

/** An invitation to a team for the signed-in person: accept it, or what came of accepting. */
export function InvitationBanner({
  status,
  error,
  onAccept,
}: {
  status: TeamActionStatus;
  error: FailureText | undefined;
  onAccept: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  if (status === 'success') {
    return (
      <Alert
        variant="success"
        data-slot="invitation-accepted"
        title={t('team.accept.joinedTitle')}
        description={t('team.accept.joined')}
      />
    );
  }
  return (
    <Alert
      variant={status === 'error' ? 'danger' : 'info'}
      data-slot="invitation"
      title={t('team.accept.title')}
      description={
        status === 'error' ? failureText(error, 'team.accept.failed') : t('team.accept.description')
      }
    >
      {status !== 'error' && onAccept ? (
        <Button size="sm" className="mt-2" onClick={onAccept} loading={status === 'pending'}>
          {t('team.accept.submit')}
        </Button>
      ) : null}
    </Alert>
  );
}
