// Ids are PostgreSQL `integer`s (1 … 2^31 − 1). The contract checks that range, so an id past it
// never reaches a query: a path id out of range cannot name anything (404), a body or query id
// out of range is invalid input (422 naming the field).
import { endpoints } from '@protokoll/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../test/accounts.ts';
import type { PreparedCall, TestResponse } from '../test/client.ts';
import { useTestDatabase } from '../test/db.ts';

const database = useTestDatabase();
let t: AccountsApp;
let anna: SignedUp;
beforeAll(async () => {
  // An engine is configured (never called): without one, an upload is refused before its fields.
  t = await accountsApp(database(), { STT_BASE_URL: 'http://127.0.0.1:9/v1' });
  anna = await signUp(t.api);
});

/** PostgreSQL's largest `integer`. */
const ID_MAX = 2_147_483_647;
const PAST = [String(ID_MAX + 1), '4294967296', '99999999999999999999999', '1e300'];

function uploadForm(folderId: string): FormData {
  const form = new FormData();
  form.set('audio_file', new File([new Uint8Array(1024)], 'a.mp3', { type: 'audio/mpeg' }));
  for (const [key, value] of Object.entries({
    file_name: 'a.mp3',
    language: 'de',
    summary_model: 'standard',
    summary_language: 'de',
    design: 'classic',
    structure: 'minutes',
    transcribe: 'true',
    transcript_type: 'clean',
    size: '1024',
    folder_id: folderId,
  })) {
    form.set(key, value);
  }
  return form;
}

/** Path ids: the 404 of an id that does not exist. Sent unchecked: the contract refuses them. */
const pathCalls = (id: string): PreparedCall[] => [
  { endpoint: endpoints.getNote, input: { params: { id } } },
  { endpoint: endpoints.getNoteAudio, input: { params: { id } } },
  { endpoint: endpoints.downloadNote, input: { params: { id, format: 'pdf' } } },
  { endpoint: endpoints.retryNote, input: { params: { id } } },
];

/** Body and query ids: 422 naming the field. */
const inputCalls = (id: string): [PreparedCall, string][] => {
  const n = Number(id);
  return [
    [{ endpoint: endpoints.deleteNote, input: { query: { id } } }, 'id'],
    [{ endpoint: endpoints.updateNote, input: { body: { id: n, saved: true } } }, 'id'],
    [{ endpoint: endpoints.moveNote, input: { body: { note_id: n, folder_id: null } } }, 'note_id'],
    [{ endpoint: endpoints.moveNote, input: { body: { note_id: 1, folder_id: n } } }, 'folder_id'],
    [{ endpoint: endpoints.updateFolder, input: { body: { id: n, name: 'Neu' } } }, 'id'],
    [{ endpoint: endpoints.deleteFolder, input: { body: { id: n } } }, 'id'],
    [{ endpoint: endpoints.listNotes, input: { query: { folder_id: id } } }, 'folder_id'],
    [{ endpoint: endpoints.countNotes, input: { query: { folder_id: id } } }, 'folder_id'],
  ];
};

function labelOf({ endpoint, input }: PreparedCall): string {
  return `${endpoint.id} ${JSON.stringify(input)}`;
}

/** The client has already checked the answer against the one error body. */
function expectError(res: TestResponse, status: number, label: string, field?: string) {
  expect(res.status, label).toBe(status);
  const body = res.error;
  if (field)
    expect(
      body.issues?.map((issue) => issue.path),
      JSON.stringify(body),
    ).toContain(field);
}

describe('ids past the database range', () => {
  it('answer 404 in a path', async () => {
    for (const id of PAST) {
      for (const call of pathCalls(id)) {
        expectError(await t.api.send(call, { token: anna.token }), 404, labelOf(call));
      }
    }
  });

  it('answer 422 naming the field in a body or a query', async () => {
    // As JSON numbers; 1e300 and the 23-digit one arrive as floats that are not safe integers.
    for (const id of PAST) {
      for (const [call, field] of inputCalls(id)) {
        expectError(await t.api.send(call, { token: anna.token }), 422, labelOf(call), field);
      }
      // And as text, the way a form sends it.
      const upload = await t.api.unchecked(endpoints.uploadNote, {
        token: anna.token,
        body: uploadForm(id),
      });
      expectError(upload, 422, `uploadNote folder_id=${id}`, 'folder_id');
    }
  });

  it('answer 404 for the largest id, which is in range but names nothing', async () => {
    const id = String(ID_MAX);
    for (const call of pathCalls(id)) {
      expectError(await t.api.send(call, { token: anna.token }), 404, labelOf(call));
    }
    for (const [call] of inputCalls(id)) {
      const res = await t.api.send(call, { token: anna.token });
      // Lists and counts of a folder that does not exist are empty; everything else is not found.
      const empty = call.endpoint === endpoints.listNotes || call.endpoint === endpoints.countNotes;
      expect(res.status, labelOf(call)).toBe(empty ? 200 : 404);
    }
  });
});
