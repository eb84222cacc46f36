import type { Note } from '@protokoll/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/alert-dialog.tsx';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useOfflineReason } from '../../lib/offline-reason.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useAction, type ActionResult } from './action.ts';

export interface ConfirmDeleteDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The dialog wants to open or close ("Abbrechen", Escape, after a successful deletion). */
  onOpenChange: (open: boolean) => void;
  /** Called when focus leaves the closed dialog; prevent it to focus something else. */
  onCloseAutoFocus?: (event: Event) => void;
}

interface ConfirmDeleteProps extends ConfirmDeleteDialogProps {
  slot: string;
  title: string;
  description: string;
  confirm: string;
  failedKey: string;
  onConfirm: () => ActionResult;
}

/**
 * The one shape of every "really delete?" question here: Cancel has focus first, the danger
 * button stays pressed (and the dialog open) until the app's promise settles, a failure is shown
 * inside. AlertDialogAction is not used because it closes before the deletion is known to work.
 */
export function ConfirmDelete({
  open,
  onOpenChange,
  onCloseAutoFocus,
  slot,
  title,
  description,
  confirm,
  failedKey,
  onConfirm,
}: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const { pending, error, run, reset, cancel } = useAction();
  const offline = useOfflineReason();

  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) reset();
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        // Cancel and Escape always close, also while the call is on its way.
        if (!next) cancel();
        onOpenChange(next);
      }}
    >
      <AlertDialogContent data-slot={slot} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-break-word">{title}</AlertDialogTitle>
          <AlertDialogDescription className="wrap-break-word">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {error ? <Alert variant="danger" description={failureText(error, failedKey)} /> : null}
        {offline.reason}
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
          <Button
            variant="danger"
            loading={pending}
            disabled={offline.disabled}
            aria-describedby={offline.describedBy}
            onClick={() => void run(onConfirm, () => onOpenChange(false))}
          >
            {pending ? null : <Trash2 aria-hidden />}
            {confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export interface DeleteNoteDialogProps extends ConfirmDeleteDialogProps {
  /** The note to delete; its name is part of the question. */
  note: Pick<Note, 'name'>;
  /**
   * Delete the note. A returned promise keeps the dialog open until it settles; a rejection is
   * shown in the dialog (default text "Die Notiz konnte nicht gelöscht werden.").
   */
  onDelete: () => ActionResult;
}

/** Asks before a note is deleted for good, with its recording, transcript and summary. */
export function DeleteNoteDialog({ note, onDelete, ...props }: DeleteNoteDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDelete
      slot="delete-note-dialog"
      title={t('notes.delete.title')}
      description={t('notes.delete.description', { name: note.name })}
      confirm={t('notes.delete.confirm')}
      failedKey="notes.delete.failed"
      onConfirm={onDelete}
      {...props}
    />
  );
}
