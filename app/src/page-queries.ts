import { DEFAULT_PAGE_SIZE } from '@protokoll/contract';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { foldersQueryOptions } from './api/folders/list.ts';
import { noteCountQueryOptions } from './api/notes/count.ts';
import { notesQueryOptions } from './api/notes/list.ts';
import { userQueryOptions } from './api/user/user.ts';
import { readNotesSearch } from './routes/notes/notes-search.ts';

/**
 * The queries a page rendered on the server with the reader's data asks before it renders
 * (docs/architecture.md#pages-rendered-with-data): exactly those of its first render, with the
 * keys its hooks use, so that the markup shows the data and the browser hydrates it from the same
 * cache. The shell's user comes first: every page of the default layout shows it. Undefined when
 * the address shows what is not rendered so (the reader of `/notes?note=12`).
 */
export function pageQueriesOf(path: string, search: string): FetchQueryOptions[] | undefined {
  if (path === '/notes') {
    const { filters, page, noteId } = readNotesSearch(search);
    if (noteId !== undefined) return undefined;
    return [
      userQueryOptions(),
      notesQueryOptions({ ...filters, page, page_size: DEFAULT_PAGE_SIZE }),
      noteCountQueryOptions(filters),
      foldersQueryOptions(),
    ] as FetchQueryOptions[];
  }
  return undefined;
}
