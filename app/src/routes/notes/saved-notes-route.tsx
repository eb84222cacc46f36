import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@protokoll/contract';
import { SavedNotesScreen } from '@protokoll/ui';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useFolders } from '../../api/folders/list.ts';
import { useNotesState } from '../../api/notes/notes-state.ts';
import { toFailureText } from '../../lib/failure.ts';
import { NoteReaderView } from './note-reader-route.tsx';
import { rowCallbacks, useNoteActions } from './note-actions.ts';
import { useNotesLocation } from './notes-search.ts';

/**
 * `/saved-notes`: the notes marked as saved, with the same row actions as /notes; a note opens
 * in the reader here (`?note=12`), so "back" returns to this list.
 */
export function SavedNotesRoute() {
  const [location, go] = useNotesLocation('/saved-notes');
  const [, navigate] = useLocation();
  const actions = useNoteActions();
  const { page, noteId } = location;
  const notes = useNotesState({ saved: true, page, page_size: DEFAULT_PAGE_SIZE });
  const folders = useFolders();

  // Unsaving the last note of the last page leaves that page empty: show the one before.
  const lastPage = Math.max(DEFAULT_PAGE, Math.ceil(notes.noteCount / DEFAULT_PAGE_SIZE));
  const pastTheEnd =
    noteId === undefined && notes.status === 'ready' && notes.notes.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) go({ filters: {}, page: lastPage, noteId: undefined }, { replace: true });
  });

  return (
    <>
      {noteId !== undefined ? (
        <NoteReaderView
          key={noteId}
          noteId={noteId}
          actions={actions}
          onBack={() => go({ filters: {}, page, noteId: undefined })}
        />
      ) : (
        <SavedNotesScreen
          notes={notes.notes}
          count={notes.noteCount}
          status={notes.status}
          error={notes.status === 'error' ? toFailureText(notes.error) : undefined}
          onRetry={notes.reload}
          page={page}
          onPageChange={(next) => go({ filters: {}, page: next, noteId: undefined })}
          folders={folders.data ?? []}
          onShowAllNotes={() => navigate('/notes')}
          {...rowCallbacks(actions, (note) => go({ filters: {}, page, noteId: note.id }))}
        />
      )}
    </>
  );
}
