import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@protokoll/contract';
import { NotesScreen, type NoteFilters } from '@protokoll/ui';
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCreateFolder } from '../../api/folders/create.ts';
import { useDeleteFolder } from '../../api/folders/delete.ts';
import { useFolders } from '../../api/folders/list.ts';
import { useUpdateFolder } from '../../api/folders/update.ts';
import { useNotesState } from '../../api/notes/notes-state.ts';
import { toFailureText, withFailureText } from '../../lib/failure.ts';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { loadGlossaryRoute } from '../settings/load-glossary-route.ts';
import { loadMinutesApproval } from './load-minutes-approval.ts';
import { NoteReaderView } from './note-reader-route.tsx';
import { rowCallbacks, useNoteActions, type NoteActions } from './note-actions.ts';
import { useNotesLocation, type Go, type NotesLocation } from './notes-search.ts';

// A folder's glossary, with the glossary page's chunk and texts on first use.
const FolderGlossary = lazyRoute(loadGlossaryRoute, 'FolderGlossary', ['glossary']);
// Signing formal minutes from a mailed link, with the approval chunk and its texts.
const SignatureView = lazyRoute<{ token: string }, 'SignatureView'>(
  loadMinutesApproval,
  'SignatureView',
  ['approval'],
);
// A folder's registers, with the approval chunk and its texts.
const FolderRegistersView = lazyRoute<
  { folder: { id: number; name: string }; onClose: () => void; onOpenNote: (id: number) => void },
  'FolderRegistersView'
>(loadMinutesApproval, 'FolderRegistersView', ['approval']);

/**
 * `/notes`: the list with its folders, search, date range and pages, all kept in the URL, and
 * the reader for `?note=12` (back returns to the same filters and page), and the signing of formal
 * minutes for `?sign=<token>` (docs/formal-minutes.md#approval-and-signature).
 */
export function NotesRoute() {
  const [location, go] = useNotesLocation('/notes');
  const actions = useNoteActions();
  const sign = new URLSearchParams(useSearch()).get('sign');

  return (
    <>
      {sign !== null ? (
        <SignatureView token={sign} />
      ) : location.noteId !== undefined ? (
        <NoteReaderView
          key={location.noteId}
          noteId={location.noteId}
          focusSegment={location.at}
          actions={actions}
          onBack={() => go({ ...location, noteId: undefined, at: undefined })}
        />
      ) : (
        <NotesList location={location} go={go} actions={actions} />
      )}
    </>
  );
}

interface NotesListProps {
  location: NotesLocation;
  go: Go;
  actions: NoteActions;
}

function NotesList({ location, go, actions }: NotesListProps) {
  const [, navigate] = useLocation();
  const { filters, page } = location;
  const notes = useNotesState({ ...filters, page, page_size: DEFAULT_PAGE_SIZE });
  const folders = useFolders();
  const createFolder = useCreateFolder();
  const updateFolder = useUpdateFolder();
  const deleteFolder = useDeleteFolder();
  const [glossaryOf, setGlossaryOf] = useState<{ id: number; name: string }>();
  const [registersOf, setRegistersOf] = useState<{ id: number; name: string }>();

  // A page past the end (its last note was deleted or moved, or an old link): show the last one.
  const lastPage = Math.max(DEFAULT_PAGE, Math.ceil(notes.noteCount / DEFAULT_PAGE_SIZE));
  const pastTheEnd = notes.status === 'ready' && notes.notes.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) go({ ...location, page: lastPage }, { replace: true });
  });

  const changeFilters = (next: NoteFilters) =>
    // Another folder is a place worth going back to; refining a search or range is not.
    go(
      { filters: next, page: DEFAULT_PAGE, noteId: undefined },
      { replace: next.folder_id === filters.folder_id },
    );

  return (
    <>
      <NotesScreen
        notes={notes.notes}
        count={notes.noteCount}
        countMore={notes.noteCountMore}
        status={notes.status}
        error={notes.status === 'error' ? toFailureText(notes.error) : undefined}
        onRetry={notes.reload}
        page={page}
        onPageChange={(next) => go({ ...location, page: next })}
        filters={filters}
        onFiltersChange={changeFilters}
        folders={folders.data ?? []}
        foldersStatus={folders.data ? 'ready' : folders.isError ? 'error' : 'loading'}
        onRetryFolders={() => void folders.refetch()}
        onNewNote={() => navigate('/protocol')}
        onCreateFolder={(name) => withFailureText(createFolder.mutateAsync(name))}
        onRenameFolder={(folder, name) =>
          withFailureText(updateFolder.mutateAsync({ id: folder.id, name }))
        }
        onDeleteFolder={(folder) => withFailureText(deleteFolder.mutateAsync(folder.id))}
        onOpenFolderGlossary={(folder) => setGlossaryOf({ id: folder.id, name: folder.name })}
        onOpenFolderRegisters={(folder) => setRegistersOf({ id: folder.id, name: folder.name })}
        {...rowCallbacks(actions, (note) =>
          // A search hit opens the reader at its passage (docs/product.md#search-hits).
          go({ ...location, noteId: note.id, at: note.search_hit?.line ?? undefined }),
        )}
      />
      {glossaryOf ? (
        <Suspense fallback={null}>
          <FolderGlossary folder={glossaryOf} onClose={() => setGlossaryOf(undefined)} />
        </Suspense>
      ) : null}
      {registersOf ? (
        <Suspense fallback={null}>
          <FolderRegistersView
            folder={registersOf}
            onClose={() => setRegistersOf(undefined)}
            onOpenNote={(id) => go({ ...location, noteId: id, at: undefined })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
