import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/dialog.tsx';
import { GlossaryEditor, type GlossaryEditorProps } from '../../widgets/glossary-editor.tsx';

export interface FolderGlossaryDialogProps extends GlossaryEditorProps {
  /** The folder whose glossary this is. */
  folderName: string;
  /** Whether the dialog is shown. */
  open: boolean;
  /** The dialog wants to open or close. */
  onOpenChange: (open: boolean) => void;
}

/** A folder's glossary, from the folder's menu: its terms add to the user's own. */
export function FolderGlossaryDialog({
  folderName,
  open,
  onOpenChange,
  ...editor
}: FolderGlossaryDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-slot="folder-glossary-dialog"
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      >
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">
            {t('glossary.folderTitle', { folder: folderName })}
          </DialogTitle>
          <DialogDescription>{t('glossary.folderDescription')}</DialogDescription>
        </DialogHeader>
        <GlossaryEditor {...editor} />
      </DialogContent>
    </Dialog>
  );
}
