// @vitest-environment node
import type { Folder, Note, User } from '@protokoll/contract';
import { demoUser, makeNote } from '@protokoll/mocks';
import { describe, expect, it } from 'vitest';
import { renderPage, renderWithData } from './entry-server.tsx';

// Each render has its own translator, query cache, session, record and formats
// (docs/architecture.md#pages-rendered-with-data): renders running side by side keep their
// readers' data and languages apart.

interface Reader {
  user: User;
  notes: Note[];
  token: string;
}

const readerOf = (id: number, firstName: string, noteName: string): Reader => ({
  user: { ...demoUser, id, firstName, email: `${firstName.toLowerCase()}@example.de` },
  notes: [
    makeNote({
      id: id * 100,
      name: noteName,
      file_name: `${id}.m4a`,
      created_at: '2026-03-02T09:12:00.000Z',
    }),
  ],
  token: `token-${id}`,
});

/**
 * The API as the server answers it in-process, for the reader whose token a request carries;
 * every answer waits until `gate` opens, so that the renders' requests are all asked first.
 */
function apiOf(readers: Reader[], gate: Promise<void>, asked: () => void): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), 'http://in-process');
    const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '');
    const reader = readers.find((candidate) => candidate.token === token);
    asked();
    await gate;
    if (!reader) return Response.json({ success: false }, { status: 401 });
    const folders: Folder[] = [];
    const answers: Record<string, unknown> = {
      '/api/user': { success: true, user: reader.user },
      '/api/note/list': { success: true, notes: reader.notes },
      '/api/note/count': { success: true, count: reader.notes.length },
      '/api/folder/list': { success: true, folders },
    };
    const answer = answers[url.pathname];
    return answer ? Response.json(answer) : Response.json({ success: false }, { status: 404 });
  };
}

describe('pages rendered with data', () => {
  it('side by side, each with its own reader, data and language', async () => {
    const anna = readerOf(7, 'Anna', 'Annas Budgetrunde');
    const bob = readerOf(8, 'Bob', "Bob's roadmap review");
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Both renders have asked all their first queries before any is answered.
    let asked = 0;
    const fetch = apiOf([anna, bob], gate, () => {
      asked++;
      if (asked === 8) open();
    });
    const [german, english] = await Promise.all([
      renderWithData({
        address: '/notes',
        search: '',
        token: anna.token,
        timeZone: 'Europe/Berlin',
        fetch,
      }),
      renderWithData({
        address: '/en/notes',
        search: '',
        token: bob.token,
        timeZone: 'UTC',
        fetch,
      }),
    ]);
    expect(asked).toBe(8);

    expect(german?.html).toContain('Annas Budgetrunde');
    expect(german?.html).not.toContain('roadmap');
    expect(german?.html).toContain('Notizen');
    expect(german?.messages.locale).toBe('de');
    expect(german?.data).toMatchObject({ userId: 7, timeZone: 'Europe/Berlin' });
    expect(JSON.stringify(german?.data.state)).not.toContain('Bob');

    expect(english?.html).toContain('Bob&#x27;s roadmap review');
    expect(english?.html).not.toContain('Annas');
    expect(english?.html).not.toContain('Notizen');
    expect(english?.messages.locale).toBe('en');
    expect(english?.data).toMatchObject({ userId: 8, timeZone: 'UTC' });
    expect(JSON.stringify(english?.data.state)).not.toContain('Anna');
  });

  it('and beside prerendered pages, which keep their own head and components', async () => {
    const anna = readerOf(7, 'Anna', 'Annas Budgetrunde');
    const fetch = apiOf([anna], Promise.resolve(), () => undefined);
    const [home, notes, login] = await Promise.all([
      renderPage('/en'),
      renderWithData({ address: '/notes', search: '', token: anna.token, timeZone: 'UTC', fetch }),
      renderPage('/login'),
    ]);
    expect(home.locale).toBe('en');
    expect(home.messages.components).toContain('HomeRoute');
    expect(home.messages.components).not.toContain('NotesRoute');
    expect(login.messages.components).toEqual(['LoginRoute']);
    expect(login.head.title).not.toBe(home.head.title);
    expect(notes?.messages.components).toContain('NotesRoute');
    expect(notes?.messages.components).not.toContain('LoginRoute');
  });
});
