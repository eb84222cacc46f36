// Text with a NUL byte cannot be stored in PostgreSQL (text or jsonb) and other control
// characters have no place in names: the contract refuses them, so every such call answers 422
// naming the field instead of failing in the database.
import { endpoints } from '@protokoll/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountsApp,
  registration,
  signUp,
  type AccountsApp,
  type SignedUp,
} from '../test/accounts.ts';
import type { PreparedCall, TestResponse } from '../test/client.ts';
import { useTestDatabase } from '../test/db.ts';
import { seedFolder, seedNote } from '../test/notes.ts';

const database = useTestDatabase();
let t: AccountsApp;
let anna: SignedUp;
beforeAll(async () => {
  t = await accountsApp(database(), { STT_BASE_URL: 'http://127.0.0.1:9/v1' });
  anna = await signUp(t.api);
});

/** NUL, the other C0 controls a single line has no use for, and DEL. */
const HOSTILE = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\n', '\r', '\t'];

/** The client has already checked the answer against the one error body. */
function expectFieldRefused(res: TestResponse, field: string, label: string) {
  const body = res.error;
  expect(res.status, `${label}: ${JSON.stringify(body)}`).toBe(422);
  expect(
    body.issues?.map((issue) => issue.path),
    label,
  ).toContain(field);
}

describe('control characters in text fields', () => {
  it('answer 422 naming the field on every call that stores or searches text', async () => {
    const folder = await seedFolder(database().db, anna.user.id, 'Ordner');
    const note = await seedNote(database().db, anna.user.id, { name: 'Notiz' });
    for (const c of HOSTILE) {
      const text = `Anna${c}Muster`;
      const label = JSON.stringify(c);
      // Sent unchecked: the contract refuses these texts before they leave.
      const calls: [PreparedCall, string][] = [
        [
          { endpoint: endpoints.register, input: { body: registration({ first_name: text }) } },
          'first_name',
        ],
        [
          { endpoint: endpoints.register, input: { body: registration({ last_name: text }) } },
          'last_name',
        ],
        [
          { endpoint: endpoints.register, input: { body: registration({ company: text }) } },
          'company',
        ],
        [
          { endpoint: endpoints.register, input: { body: registration({ phone_number: text }) } },
          'phone_number',
        ],
        [
          { endpoint: endpoints.updateUser, input: { body: { first_name: text, last_name: 'M' } } },
          'first_name',
        ],
        [
          {
            endpoint: endpoints.updateUser,
            input: { body: { first_name: 'A', last_name: 'M', company: text } },
          },
          'company',
        ],
        [{ endpoint: endpoints.createFolder, input: { body: { name: text } } }, 'name'],
        [
          { endpoint: endpoints.updateFolder, input: { body: { id: folder.id, name: text } } },
          'name',
        ],
        [{ endpoint: endpoints.updateNote, input: { body: { id: note.id, name: text } } }, 'name'],
        [
          {
            endpoint: endpoints.updateNote,
            input: { body: { id: note.id, speaker_names: { S1: text } } },
          },
          'speaker_names.S1',
        ],
        [
          {
            endpoint: endpoints.updateNote,
            input: { body: { id: note.id, speaker_names: { [text]: 'Erika' } } },
          },
          // A bad key is named by its path under the record.
          `speaker_names.${text}`,
        ],
      ];
      for (const [call, field] of calls) {
        const res = await t.api.send(call, { token: anna.token });
        expectFieldRefused(res, field, `${call.endpoint.id} ${field} ${label}`);
      }
      for (const endpoint of [endpoints.listNotes, endpoints.countNotes]) {
        const res = await t.api.unchecked(endpoint, {
          token: anna.token,
          query: { search_query: text },
        });
        expectFieldRefused(res, 'search_query', `${endpoint.id} ${label}`);
      }
      const form = new FormData();
      form.set('audio_file', new File([new Uint8Array(1024)], 'a.mp3', { type: 'audio/mpeg' }));
      for (const [key, value] of Object.entries({
        file_name: `a${c}.mp3`,
        language: 'de',
        summary_model: 'extractive',
        summary_language: 'de',
        design: 'classic',
        structure: 'minutes',
        transcribe: 'true',
        transcript_type: 'clean',
        size: '1024',
      })) {
        form.set(key, value);
      }
      const upload = await t.api.unchecked(endpoints.uploadNote, { token: anna.token, body: form });
      expectFieldRefused(upload, 'file_name', `uploadNote file_name ${label}`);
    }
  });

  it('keep accepting ordinary unicode text', async () => {
    const name = 'Ärztekammer – Sitzung 🗓️ (Köln, 日本語)';
    const res = await t.api.call(endpoints.createFolder, { token: anna.token, body: { name } });
    expect(res.status).toBe(200);
    const update = await t.api.call(endpoints.updateUser, {
      token: anna.token,
      body: { first_name: 'Zoë', last_name: "O'Brien-Łukasiewicz" },
    });
    expect(update.status).toBe(200);
  });
});
