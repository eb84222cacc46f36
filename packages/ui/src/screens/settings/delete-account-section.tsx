import { DELETE_CONFIRMATION, DeleteUserBody, type FailureText } from '@protokoll/contract';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/alert-dialog.tsx';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import {
  Card,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx';
import { Field } from '../../components/field.tsx';
import { Input } from '../../components/input.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import type { ProfileActionStatus } from './profile-status.ts';

export interface DeleteAccountSectionProps {
  /** The person typed DELETE and confirmed. */
  onDelete: () => void;
  /** `pending` while deleting (the dialog stays open), `error` when it failed. */
  status: ProfileActionStatus;
  /** Why deleting failed; "Konto konnte nicht gelöscht werden" unless it says more. */
  error: FailureText | undefined;
  /** Start with the dialog open. */
  defaultDialogOpen: boolean;
}

/** The danger zone: deleting the account, after typing DELETE in a dialog. */
export function DeleteAccountSection({
  onDelete,
  status,
  error,
  defaultDialogOpen,
}: DeleteAccountSectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className="border-danger/40"
      data-slot="danger-zone"
    >
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId} className="text-danger">
            {t('settings.delete.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('settings.delete.description')}</CardDescription>
      </CardHeader>
      <CardFooter className="justify-end">
        <DeleteAccountDialog
          status={status}
          error={error}
          defaultOpen={defaultDialogOpen}
          onConfirm={onDelete}
        />
      </CardFooter>
    </Card>
  );
}

interface DeleteAccountDialogProps {
  status: ProfileActionStatus;
  error: FailureText | undefined;
  defaultOpen: boolean;
  onConfirm: () => void;
}

function DeleteAccountDialog({ status, error, defaultOpen, onConfirm }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [open, setOpen] = useState(defaultOpen);
  const [confirmation, setConfirmation] = useState('');
  const deleting = status === 'pending';
  // The same rule the server applies: exactly the word, nothing around it, case-sensitive.
  const confirmed = DeleteUserBody.safeParse({ confirmation }).success;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        // Cancel and Escape always close (docs/errors.md#every-action-ends); the deletion's call
        // still ends by its timeout. Closed while it runs, the typed word stays for another try.
        setOpen(next);
        if (!next && !deleting) setConfirmation('');
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="danger">
          <Trash2 aria-hidden />
          {t('settings.delete.open')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent size="md">
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed && !deleting) onConfirm();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{t('settings.delete.dialogTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('settings.delete.dialogDescription')}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {/* What the deletion does beyond the data (DELETE /api/user): the server ends a
              subscription at once, and the team rows go with the account. */}
          <ul data-slot="delete-consequences" className="grid gap-2 text-sm text-foreground">
            {(['subscription', 'teamOwner', 'teamMember'] as const).map((key) => (
              <li key={key} className="flex min-w-0 gap-2">
                <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-danger" />
                <span className="min-w-0 wrap-break-word">
                  {t(`settings.delete.consequences.${key}`)}
                </span>
              </li>
            ))}
          </ul>
          <Field
            label={
              <Trans
                i18nKey="settings.delete.confirmLabel"
                values={{ word: DELETE_CONFIRMATION }}
                components={{
                  code: (
                    <code className="rounded-sm bg-muted px-1 py-0.5 font-mono text-[0.8125rem]" />
                  ),
                }}
              />
            }
            hint={t('settings.delete.confirmHint')}
          >
            <Input
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              className="font-mono"
            />
          </Field>
          {status === 'error' ? (
            <Alert
              variant="danger"
              description={failureText(error ?? { code: 'internal' }, 'errors.deleteAccountFailed')}
            />
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
            <Button type="submit" variant="danger" disabled={!confirmed} loading={deleting}>
              {t('settings.delete.confirm')}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
