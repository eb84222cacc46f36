import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateFolderBody,
  ErrorCode,
  FOLDER_NAME_MAX_LENGTH,
  NOTE_NAME_MAX_LENGTH,
  NoteNameForm,
  type Folder,
  type Note,
} from '@protokoll/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/dialog.tsx';
import {
  fieldIssuesOf,
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../components/form.tsx';
import { Input } from '../../components/input.tsx';
import { useOfflineReason } from '../../lib/offline-reason.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { asFailureText, useAction, type ActionResult, type ActionState } from './action.ts';
import { ConfirmDelete, type ConfirmDeleteDialogProps } from './delete-note-dialog.tsx';

/** Server answers that belong under the name field rather than above the form. */
const nameField = { [ErrorCode.FOLDER_NAME_REQUIRED]: 'name', [ErrorCode.FOLDER_EXISTS]: 'name' };

export interface FolderDialogBaseProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The dialog wants to open or close (trigger, Escape, "Abbrechen", after success). */
  onOpenChange: (open: boolean) => void;
  /** An element (usually a Button) that opens the dialog; focus returns to it on close. */
  trigger?: React.ReactNode;
  /** Called when focus leaves the closed dialog; prevent it to focus something else. */
  onCloseAutoFocus?: (event: Event) => void;
}

interface FolderNameDialogProps extends FolderDialogBaseProps {
  slot: string;
  title: string;
  description: string;
  submitLabel: string;
  initialName: string;
  failedKey: string;
  onSubmitName: (name: string) => ActionResult;
  /** A note's name instead of a folder's: its rules, label and length. */
  kind?: 'folder' | 'note' | undefined;
}

/**
 * Create and rename share this dialog (a note's rename too): the contract's folder name schema checks the name
 * (docs/product.md#folders: "Folder name required", shown under the field), and the server's "name
 * required" or "name taken" answers land there too; any other failure is shown above the buttons.
 */
function FolderNameDialog({
  open,
  onOpenChange,
  trigger,
  onCloseAutoFocus,
  slot,
  title,
  description,
  ...form
}: FolderNameDialogProps) {
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
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent data-slot={slot} size="sm" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="wrap-break-word">{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted with the content, so every opening starts from the current name. */}
        <FolderNameForm action={action} onDone={() => onOpenChange(false)} {...form} />
      </DialogContent>
    </Dialog>
  );
}

interface FolderNameFormProps {
  action: ActionState;
  onDone: () => void;
  submitLabel: string;
  initialName: string;
  failedKey: string;
  onSubmitName: (name: string) => ActionResult;
  kind?: 'folder' | 'note' | undefined;
}

function FolderNameForm({
  action,
  onDone,
  submitLabel,
  initialName,
  failedKey,
  onSubmitName,
  kind = 'folder',
}: FolderNameFormProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const formId = useId();
  const { pending, error, run } = action;
  const offline = useOfflineReason();
  const form = useForm({
    resolver: zodResolver(kind === 'note' ? NoteNameForm : CreateFolderBody),
    defaultValues: { name: initialName },
  });

  const submit = form.handleSubmit(({ name }) =>
    run(async () => {
      try {
        await onSubmitName(name);
      } catch (reason) {
        const [issue] = fieldIssuesOf(asFailureText(reason), nameField);
        if (!issue) throw reason;
        form.setError('name', { type: 'server', message: issue.message }, { shouldFocus: true });
        return;
      }
      onDone();
    }),
  );

  return (
    <>
      <Form {...form}>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            // Enter in the field as well: nothing is sent that needs the server while offline.
            if (offline.disabled) return event.preventDefault();
            void submit(event);
          }}
          className="grid grid-cols-[minmax(0,1fr)] gap-4"
        >
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  {kind === 'note' ? t('reader.title.label') : t('folders.name')}
                </FormLabel>
                <FormControl>
                  <Input
                    autoComplete="off"
                    maxLength={kind === 'note' ? NOTE_NAME_MAX_LENGTH : FOLDER_NAME_MAX_LENGTH}
                    readOnly={pending}
                    {...field}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          {error ? <Alert variant="danger" description={failureText(error, failedKey)} /> : null}
          {offline.reason}
        </form>
      </Form>
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
          {submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}

export interface CreateFolderDialogProps extends FolderDialogBaseProps {
  /**
   * Create a folder with this (trimmed, non-empty) name. Return the call's promise: the dialog
   * stays open until it settles and shows its rejection, a `FailureText` (`{ code: 'folderExists' }`
   * under the field, anything else above the buttons; `internal` as "Ordner konnte nicht
   * erstellt werden").
   */
  onCreate: (name: string) => ActionResult;
}

/** "Neuer Ordner": asks for a name. */
export function CreateFolderDialog({ onCreate, ...props }: CreateFolderDialogProps) {
  const { t } = useTranslation();
  return (
    <FolderNameDialog
      slot="create-folder-dialog"
      title={t('folders.create.title')}
      description={t('folders.create.description')}
      submitLabel={t('folders.create.submit')}
      initialName=""
      failedKey="errors.folderCreateFailed"
      onSubmitName={onCreate}
      {...props}
    />
  );
}

export interface RenameFolderDialogProps extends FolderDialogBaseProps {
  /** The folder being renamed; its name fills the field. */
  folder: Folder;
  /**
   * Rename the folder (trimmed, non-empty name). Rejections as for creating, with
   * "Folder update failed" as the general text.
   */
  onRename: (name: string) => ActionResult;
}

/** "Ordner umbenennen": the name field starts with the current name. */
export function RenameFolderDialog({ folder, onRename, ...props }: RenameFolderDialogProps) {
  const { t } = useTranslation();
  return (
    <FolderNameDialog
      slot="rename-folder-dialog"
      title={t('folders.renameDialog.title')}
      description={t('folders.renameDialog.description', { name: folder.name })}
      submitLabel={t('folders.renameDialog.submit')}
      initialName={folder.name}
      failedKey="errors.folderUpdateFailed"
      onSubmitName={onRename}
      {...props}
    />
  );
}

export interface RenameNoteDialogProps extends FolderDialogBaseProps {
  /** The note to rename; the field starts with its name. */
  note: Pick<Note, 'name'>;
  /** Rename the note; the dialog waits for a returned promise and shows its rejection. */
  onRename: (name: string) => ActionResult;
}

/** "Notiz umbenennen" from a list row's menu: the name field starts with the current name. */
export function RenameNoteDialog({ note, onRename, ...props }: RenameNoteDialogProps) {
  const { t } = useTranslation();
  return (
    <FolderNameDialog
      slot="rename-note-dialog"
      kind="note"
      title={t('notes.renameDialog.title')}
      description={t('notes.renameDialog.description', { name: note.name })}
      submitLabel={t('notes.renameDialog.submit')}
      initialName={note.name}
      failedKey="reader.title.failed"
      onSubmitName={onRename}
      {...props}
    />
  );
}

export interface DeleteFolderDialogProps extends ConfirmDeleteDialogProps {
  /** The folder to delete; its name is part of the question. */
  folder: Folder;
  /** Delete the folder; rejections show "Folder deletion failed" unless they carry a code. */
  onDelete: () => ActionResult;
}

/**
 * Asks before a folder is deleted and says that its notes are kept, unfiled
 * (docs/product.md#folders).
 */
export function DeleteFolderDialog({ folder, onDelete, ...props }: DeleteFolderDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDelete
      slot="delete-folder-dialog"
      title={t('folders.deleteDialog.title', { name: folder.name })}
      description={t('folders.deleteDialog.description')}
      confirm={t('folders.deleteDialog.confirm')}
      failedKey="errors.folderDeleteFailed"
      onConfirm={onDelete}
      {...props}
    />
  );
}
