import type { Folder, Note } from '@protokoll/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useOfflineReason } from '../../lib/offline-reason.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/dialog.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/radio-group.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useAction, type ActionResult, type ActionState } from './action.ts';

/** The radio value of "Kein Ordner": folder ids are positive numbers, so it never collides. */
const NO_FOLDER = 'none';

export interface MoveToFolderDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The dialog wants to open or close (Escape, "×", "Abbrechen", after a successful move). */
  onOpenChange: (open: boolean) => void;
  /** The note being moved: its name is in the description, its folder is preselected. */
  note: Pick<Note, 'name' | 'folder_id'>;
  /** The person's folders, in the order to offer them. */
  folders: Folder[];
  /**
   * Move the note into `folderId` (`null`: out of every folder). A returned promise keeps the
   * dialog open until it settles; a rejection is shown in the dialog. Not called when the choice
   * is the note's current folder.
   */
  onMove: (folderId: number | null) => ActionResult;
  /** Called when focus leaves the closed dialog; prevent it to focus something else. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Picks a folder for a note (or none) and reports the choice. */
export function MoveToFolderDialog({
  open,
  onOpenChange,
  note,
  folders,
  onMove,
  onCloseAutoFocus,
}: MoveToFolderDialogProps) {
  const { t } = useTranslation();
  const action = useAction();
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) action.reset();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Cancel and Escape always close, also while the call is on its way.
        if (!next) action.cancel();
        onOpenChange(next);
      }}
    >
      <DialogContent data-slot="move-to-folder-dialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('notes.move.title')}</DialogTitle>
          <DialogDescription className="wrap-break-word">
            {t('notes.move.description', { name: note.name })}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the content, so every opening starts from the note's current folder. */}
        <MoveForm
          action={action}
          current={note.folder_id === null ? NO_FOLDER : String(note.folder_id)}
          folders={folders}
          onMove={onMove}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

interface MoveFormProps {
  action: ActionState;
  current: string;
  folders: Folder[];
  onMove: (folderId: number | null) => ActionResult;
  onDone: () => void;
}

function MoveForm({ action, current, folders, onMove, onDone }: MoveFormProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const formId = useId();
  const [choice, setChoice] = useState(current);
  const { pending, error, run } = action;
  const offline = useOfflineReason();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (choice === current) return onDone();
    void run(() => onMove(choice === NO_FOLDER ? null : Number(choice)), onDone);
  };

  return (
    <>
      <form id={formId} onSubmit={submit} className="grid grid-cols-[minmax(0,1fr)] min-w-0 gap-4">
        <RadioGroup
          aria-label={t('notes.move.folderLabel')}
          value={choice}
          onValueChange={setChoice}
          disabled={pending}
        >
          <RadioGroupItem value={NO_FOLDER} label={t('notes.move.none')} />
          {folders.map((folder) => (
            <RadioGroupItem
              key={folder.id}
              value={String(folder.id)}
              label={<span className="wrap-anywhere">{folder.name}</span>}
            />
          ))}
        </RadioGroup>
        {folders.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('notes.move.noFolders')}</p>
        ) : null}
        {error ? (
          <Alert variant="danger" description={failureText(error, 'notes.move.failed')} />
        ) : null}
        {offline.reason}
      </form>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button
          type="submit"
          form={formId}
          loading={pending}
          disabled={offline.disabled}
          aria-describedby={offline.describedBy}
        >
          {t('notes.move.submit')}
        </Button>
      </DialogFooter>
    </>
  );
}
