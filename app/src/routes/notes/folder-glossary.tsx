import type { Folder } from '@protokoll/contract';
import { FolderGlossaryDialog } from '@protokoll/ui';
import { useGlossaryEditor } from '../settings/use-glossary-editor.ts';

/**
 * A folder's glossary from its menu (docs/product.md#glossary). Loaded on first use: the notes
 * page's first script stays without the glossary's code.
 */
export function FolderGlossary({
  folder,
  onClose,
}: {
  folder: Pick<Folder, 'id' | 'name'>;
  onClose: () => void;
}) {
  const editor = useGlossaryEditor(folder.id);
  return (
    <FolderGlossaryDialog
      {...editor}
      folderName={folder.name}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    />
  );
}
