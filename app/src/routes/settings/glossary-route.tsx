import type { Folder } from '@protokoll/contract';
import { FolderGlossaryDialog, GlossaryScreen } from '@protokoll/ui';
import { SettingsFrame } from './settings-frame.tsx';
import { useGlossaryEditor } from './use-glossary-editor.ts';

/** `/settings/glossary`: the user's own glossary (docs/product.md#glossary). */
export function GlossaryRoute() {
  const editor = useGlossaryEditor();
  return (
    <SettingsFrame>
      <GlossaryScreen {...editor} />
    </SettingsFrame>
  );
}

/**
 * A folder's glossary from its menu on the notes pages (docs/product.md#glossary), loaded on
 * first use. It lives in this page's chunk: a lazily loaded part of its own would split the
 * editor's shared modules (load state, empty state, skeleton) out of the signed-in pages' chunk
 * into files of their own, which every signed-in page then loads (app/chunk-groups.ts).
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
