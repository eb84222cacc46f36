import type { Folder as FolderEntity } from '@protokoll/contract';
import {
  Ellipsis,
  FileText,
  Folder,
  FolderOpen,
  FolderPlus,
  Inbox,
  Pencil,
  Trash2,
} from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/dropdown-menu.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import type { ActionResult } from './action.ts';
import { CreateFolderDialog, DeleteFolderDialog, RenameFolderDialog } from './folder-dialogs.tsx';
import type { LoadStatus } from '../../lib/load-status.ts';
import { LoadState } from '../../widgets/load-state.tsx';

/** What the folder sidebar reports; each dialog waits for a returned promise. */
export interface FolderCallbacks {
  /** Create a folder with a trimmed, non-empty name. */
  onCreateFolder: (name: string) => ActionResult;
  /** Rename a folder (trimmed, non-empty name). */
  onRenameFolder: (folder: FolderEntity, name: string) => ActionResult;
  /** Delete a folder; its notes stay, unfiled. */
  onDeleteFolder: (folder: FolderEntity) => ActionResult;
  /** Open the folder's glossary (docs/product.md#glossary); without it the menu has no entry. */
  onOpenFolderGlossary?: ((folder: FolderEntity) => void) | undefined;
  /** Open the folder's registers (docs/formal-minutes.md#registers); without it no entry. */
  onOpenFolderRegisters?: ((folder: FolderEntity) => void) | undefined;
}

export interface FolderSidebarProps
  extends FolderCallbacks, Omit<React.ComponentProps<'nav'>, 'onSelect'> {
  /** The person's folders, in the order to show them. */
  folders: FolderEntity[];
  /** Load state of the folder list, independent of the notes'. */
  status: LoadStatus;
  /** "Retry" was pressed after the folders failed to load. */
  onRetry?: (() => void) | undefined;
  /** The folder whose notes are shown; `undefined` for all notes. */
  selectedId: number | undefined;
  /** Another folder (or all notes, `undefined`) was chosen. */
  onSelect: (folderId: number | undefined) => void;
}

const itemClasses = cn(
  'flex min-w-0 flex-1 items-start gap-2.5 rounded-md px-2.5 py-2 text-left text-sm font-medium',
  'text-foreground transition-colors outline-none hover:bg-muted',
  'focus-visible:ring-2 focus-visible:ring-ring',
  'aria-[current=true]:bg-accent aria-[current=true]:text-accent-foreground',
  '[&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground',
  'aria-[current=true]:[&_svg]:text-accent-foreground',
);

/** "Alle Notizen" and the folders to filter by, with create, rename and delete. */
export function FolderSidebar({
  folders,
  status,
  onRetry,
  selectedId,
  onSelect,
  onCreateFolder,
  onRenameFolder,
  onDeleteFolder,
  onOpenFolderGlossary,
  onOpenFolderRegisters,
  className,
  ...props
}: FolderSidebarProps) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);

  return (
    <nav
      data-slot="folder-sidebar"
      aria-label={t('folders.navLabel')}
      className={cn('grid grid-cols-[minmax(0,1fr)] min-w-0 content-start gap-3', className)}
      {...props}
    >
      <h2 className="px-2.5 text-sm font-semibold text-muted-foreground">{t('folders.title')}</h2>
      <ul className="grid grid-cols-[minmax(0,1fr)] min-w-0 gap-0.5">
        <li className="flex min-w-0">
          <button
            type="button"
            className={itemClasses}
            aria-current={selectedId === undefined ? 'true' : undefined}
            onClick={() => onSelect(undefined)}
          >
            <Inbox aria-hidden />
            {t('folders.all')}
          </button>
        </li>
        {status === 'ready'
          ? folders.map((folder) => (
              <FolderItem
                key={folder.id}
                folder={folder}
                selected={folder.id === selectedId}
                onSelect={() => onSelect(folder.id)}
                onRename={(name) => onRenameFolder(folder, name)}
                onGlossary={onOpenFolderGlossary ? () => onOpenFolderGlossary(folder) : undefined}
                onRegisters={
                  onOpenFolderRegisters ? () => onOpenFolderRegisters(folder) : undefined
                }
                onDelete={async () => {
                  await onDeleteFolder(folder);
                  // The view of a folder that is gone would stay empty for good.
                  if (folder.id === selectedId) onSelect(undefined);
                }}
              />
            ))
          : null}
      </ul>
      <LoadState
        status={status}
        placeholder={
          <div aria-busy className="grid gap-2 px-2.5">
            <span role="status" className="sr-only">
              {t('folders.loading')}
            </span>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        }
        failedText={t('folders.loadFailed')}
        onRetry={onRetry}
        isEmpty={folders.length === 0}
        empty={<p className="px-2.5 text-sm text-muted-foreground">{t('folders.empty')}</p>}
      />
      <CreateFolderDialog
        open={creating}
        onOpenChange={setCreating}
        onCreate={onCreateFolder}
        trigger={
          <Button variant="outline" size="sm" className="justify-self-start">
            <FolderPlus aria-hidden />
            {t('folders.new')}
          </Button>
        }
      />
    </nav>
  );
}

interface FolderItemProps {
  folder: FolderEntity;
  selected: boolean;
  onSelect: () => void;
  onRename: (name: string) => ActionResult;
  onDelete: () => ActionResult;
  onGlossary?: (() => void) | undefined;
  onRegisters?: (() => void) | undefined;
}

function FolderItem({
  folder,
  selected,
  onSelect,
  onRename,
  onDelete,
  onGlossary,
  onRegisters,
}: FolderItemProps) {
  const { t } = useTranslation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const countId = useId();
  const returnFocus = (event: Event) => {
    if (!triggerRef.current?.isConnected) return;
    event.preventDefault();
    triggerRef.current.focus();
  };

  return (
    <li data-slot="folder-item" className="flex min-w-0 items-start gap-0.5">
      <button
        type="button"
        className={itemClasses}
        aria-current={selected ? 'true' : undefined}
        // The count describes the folder; its name stays the button's name.
        aria-describedby={folder.note_count !== undefined ? countId : undefined}
        onClick={onSelect}
      >
        <Folder aria-hidden />
        <span className="min-w-0 flex-1 wrap-anywhere">{folder.name}</span>
        {folder.note_count !== undefined ? (
          <span
            aria-hidden
            data-slot="folder-count"
            className="mt-px shrink-0 text-xs text-muted-foreground tabular-nums"
          >
            {folder.note_count}
            {/* Heard as the description, not as part of the name. */}
            <span id={countId} hidden>
              {t('folders.noteCount', { count: folder.note_count })}
            </span>
          </span>
        ) : null}
      </button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton
            ref={triggerRef}
            size="sm"
            className="mt-0.5"
            label={t('folders.actions', { name: folder.name })}
          >
            <Ellipsis />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDialog('rename')}>
            <Pencil aria-hidden />
            {t('folders.rename')}
          </DropdownMenuItem>
          {onGlossary ? (
            <DropdownMenuItem onSelect={onGlossary}>
              <FileText aria-hidden />
              {t('folders.glossary')}
            </DropdownMenuItem>
          ) : null}
          {onRegisters ? (
            <DropdownMenuItem onSelect={onRegisters}>
              <FolderOpen aria-hidden />
              {t('folders.registers')}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem variant="danger" onSelect={() => setDialog('delete')}>
            <Trash2 aria-hidden />
            {t('folders.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <RenameFolderDialog
        open={dialog === 'rename'}
        onOpenChange={(open) => setDialog(open ? 'rename' : null)}
        folder={folder}
        onRename={onRename}
        onCloseAutoFocus={returnFocus}
      />
      <DeleteFolderDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        folder={folder}
        onDelete={onDelete}
        onCloseAutoFocus={returnFocus}
      />
    </li>
  );
}
