// Summary templates through the app (docs/product.md#summary-templates): the calls with their owner
// checks, and a template chosen at upload and at re-summary, with the OpenAI-compatible peer as
// the language model (the prompt it received is asserted) and a real worker.
import { endpoints, NoteStructure, templateEndpoints, type Template } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../../tests/peers/openai.ts';
import type { Db } from '../../db/client.ts';
import { jobs, notes, type JobRow } from '../../db/schema.ts';
import { uploadForm } from '../../jobs/testing.ts';
import { createWorker, type Worker } from '../../jobs/worker.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';

const database = useTestDatabase();
let peer: OpenAiPeer;
let fixtures: AudioFixtures;
let t: AccountsApp;
/** No language model: the built-in summariser. */
let plain: AccountsApp;
const workers: Worker[] = [];

beforeAll(async () => {
  [peer, fixtures] = await Promise.all([startOpenAiPeer({ latencyMs: 0 }), audioFixtures()]);
  t = await accountsApp(database(), {
    LLM_BASE_URL: peer.url,
    LLM_MODELS: 'gpt-4o-mini',
    STT_BASE_URL: peer.url,
  });
  plain = await accountsApp(database(), { STT_BASE_URL: peer.url });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceMs: 0 })));
  await database().db.delete(jobs);
  peer.reset();
});
afterAll(async () => {
  await peer?.close();
});

const api = templateEndpoints;

async function list(account: SignedUp, headers?: Record<string, string>) {
  const res = await t.api.call(api.listTemplates, { token: account.token, headers });
  expect(res.status).toBe(200);
  return res.body;
}

async function create(account: SignedUp, name: string, from: Template['id'] = 'minutes') {
  const res = await t.api.call(api.createTemplate, { token: account.token, body: { name, from } });
  expect(res.status).toBe(200);
  return res.body.template!;
}

/** "Kundengespräch": decisions as "Vereinbarungen" with instructions, topics left out, tasks first. */
function customerSections(template: Template): Template['sections'] {
  const byKey = Object.fromEntries(template.sections.map((s) => [s.key, s]));
  return [
    { ...byKey.overview!, instructions: 'Anliegen des Kunden in einem Satz.' },
    { ...byKey.action_items!, heading: 'Nächste Schritte' },
    {
      ...byKey.decisions!,
      heading: 'Vereinbarungen',
      instructions: 'Nur was mit dem Kunden fest vereinbart wurde, mit Preis und Termin.',
    },
    { ...byKey.topics!, included: false },
  ];
}

async function customerTemplate(account: SignedUp, made?: Template): Promise<Template> {
  made ??= await create(account, 'Kundengespräch');
  const res = await t.api.call(api.updateTemplate, {
    token: account.token,
    params: { id: Number(made.id) },
    body: { name: 'Kundengespräch', sections: customerSections(made) },
  });
  expect(res.status).toBe(200);
  return res.body.template!;
}

function worker(app: AccountsApp = t): Worker {
  const created = createWorker({
    db: database().db,
    config: app.config,
    pollMs: 20,
    maxAttempts: 2,
    retryBackoffMs: 20,
  });
  workers.push(created);
  created.start();
  return created;
}

/** Polls the note's job until it is in one of `states`. */
async function waitForJob(db: Db, noteId: number, states: JobRow['state'][]): Promise<JobRow> {
  const end = Date.now() + 20_000;
  for (;;) {
    const [job] = await db.select().from(jobs).where(eq(jobs.noteId, noteId));
    if (job && states.includes(job.state)) return job;
    if (Date.now() > end) throw new Error(`job of note ${noteId} still ${job?.state ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One built-in template per structure, listed before the own ones. */
const BUILT_INS = NoteStructure.options.length;

const issuesOf = (res: { error: { issues?: unknown } }) =>
  (res.error.issues as { path: string; message: string }[] | undefined) ?? [];

describe('summary templates', () => {
  it('lists the built-in templates in the request’s language, the Ergebnisprotokoll as default', async () => {
    const anna = await signUp(t.api);
    const german = await list(anna, { 'Accept-Language': 'de' });
    expect(german.templates.map((x) => [x.id, x.name, x.built_in])).toEqual([
      ['minutes', 'Ergebnisprotokoll', true],
      ['detailed', 'Verlaufsprotokoll', true],
      ['works_council', 'Betriebsratssitzung', true],
      ['owners_meeting', 'Eigentümerversammlung', true],
      ['members_meeting', 'Mitgliederversammlung', true],
      ['bullets', 'Stichpunkte', true],
      ['interview', 'Interview', true],
      ['lecture', 'Vorlesung', true],
    ]);
    expect(german.default_template).toBe('minutes');
    expect(german.templates[0]!.sections.map((s) => s.key)).toEqual([
      'overview',
      'decisions',
      'action_items',
      'topics',
    ]);
    const english = await list(anna, { 'Accept-Language': 'en' });
    expect(english.templates[0]!.name).toBe('Results minutes');
    expect(english.templates[0]!.sections[1]!.heading).toBe('Decisions');
  });

  it('creates an own template from a built-in one, edits, reorders and leaves out sections', async () => {
    const anna = await signUp(t.api);
    const made = await create(anna, 'Kundengespräch');
    expect(made).toMatchObject({ name: 'Kundengespräch', structure: 'minutes', built_in: false });
    expect(made.sections.map((s) => s.heading)).toEqual([
      'Überblick',
      'Beschlüsse',
      'Aufgaben',
      'Themen',
    ]);
    const edited = await customerTemplate(anna, made);
    expect(edited.sections.map((s) => [s.key, s.heading, s.included])).toEqual([
      ['overview', 'Überblick', true],
      ['action_items', 'Nächste Schritte', true],
      ['decisions', 'Vereinbarungen', true],
      ['topics', 'Themen', false],
    ]);
    // A copy of an own one keeps its sections.
    const copy = await create(anna, 'Jour fixe', Number(edited.id));
    expect(copy.sections).toEqual(edited.sections);
    expect((await list(anna)).templates.slice(BUILT_INS).map((x) => x.name)).toEqual([
      'Jour fixe',
      'Kundengespräch',
    ]);
  });

  it('refuses what does not fit: a name taken, sections of another structure, none included', async () => {
    const anna = await signUp(t.api);
    const made = await create(anna, 'Sprechstunde', 'interview');
    const again = await t.api.unchecked(api.createTemplate, {
      token: anna.token,
      body: { name: 'sprechstunde', from: 'minutes' },
    });
    expect(again.status).toBe(422);
    expect(issuesOf(again)).toEqual([
      { path: 'name', message: 'settings.templates.errors.nameTaken' },
    ]);
    const update = (sections: unknown) =>
      t.api.unchecked(api.updateTemplate, {
        token: anna.token,
        params: { id: Number(made.id) },
        body: { name: 'Sprechstunde', sections },
      });
    const foreign = await update([
      ...made.sections.slice(1),
      { key: 'bullets', heading: 'X', instructions: '', included: true },
    ]);
    expect(foreign.status).toBe(422);
    expect(issuesOf(foreign)[0]!.message).toBe('settings.templates.errors.sectionsInvalid');
    const none = await update(made.sections.map((s) => ({ ...s, included: false })));
    expect(issuesOf(none)[0]!.message).toBe('settings.templates.errors.noSection');
    const blank = await update(made.sections.map((s, i) => (i ? s : { ...s, heading: '  ' })));
    expect(issuesOf(blank)[0]!.message).toBe('settings.templates.errors.headingRequired');
    // Nothing was half-written.
    const [stored] = (await list(anna)).templates.slice(BUILT_INS);
    expect(stored!.sections).toEqual(made.sections);
  });

  it('keeps a template to its owner: 404 for someone else’s, and it cannot be used or copied', async () => {
    const anna = await signUp(t.api);
    const bob = await signUp(t.api);
    const annas = await create(anna, 'Kundengespräch');
    const id = Number(annas.id);
    const edit = await t.api.unchecked(api.updateTemplate, {
      token: bob.token,
      params: { id },
      body: { name: 'Gekapert', sections: annas.sections },
    });
    expect(edit.status).toBe(404);
    const remove = await t.api.unchecked(api.deleteTemplate, { token: bob.token, params: { id } });
    expect(remove.status).toBe(404);
    const copy = await t.api.unchecked(api.createTemplate, {
      token: bob.token,
      body: { name: 'Kopie', from: id },
    });
    expect(copy.status).toBe(422);
    const byDefault = await t.api.unchecked(api.setDefaultTemplate, {
      token: bob.token,
      body: { template: id },
    });
    expect(byDefault.status).toBe(422);
    expect((await list(bob)).templates).toHaveLength(BUILT_INS);
    expect((await list(anna)).templates[BUILT_INS]!.name).toBe('Kundengespräch');
    const anonymous = await t.api.unchecked(api.listTemplates, {});
    expect(anonymous.status).toBe(401);
  });

  it('sets a default; deleting that template sets the default back to the Ergebnisprotokoll', async () => {
    const anna = await signUp(t.api);
    const made = await create(anna, 'Jour fixe');
    const set = await t.api.call(api.setDefaultTemplate, {
      token: anna.token,
      body: { template: Number(made.id) },
    });
    expect(set.body.default_template).toBe(made.id);
    const toBuiltIn = await t.api.call(api.setDefaultTemplate, {
      token: anna.token,
      body: { template: 'lecture' },
    });
    expect(toBuiltIn.body.default_template).toBe('lecture');
    await t.api.call(api.setDefaultTemplate, {
      token: anna.token,
      body: { template: Number(made.id) },
    });
    const removed = await t.api.call(api.deleteTemplate, {
      token: anna.token,
      params: { id: Number(made.id) },
    });
    expect(removed.status).toBe(200);
    const after = await list(anna);
    expect(after.default_template).toBe('minutes');
    expect(after.templates).toHaveLength(BUILT_INS);
  });

  it('summarises again with an own template: the prompt is built from its sections, the summary has its headings', async () => {
    const anna = await signUp(t.api);
    const template = await customerTemplate(anna);
    const note = await seedNote(database().db, anna.user.id, { summaryModel: 'gpt-4o-mini' });
    const res = await t.api.call(endpoints.resummariseNote, {
      token: anna.token,
      params: { id: note.id },
      // The structure sent is replaced by the template's.
      body: {
        structure: 'bullets',
        summary_language: 'de',
        summary_model: 'gpt-4o-mini',
        template: Number(template.id),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.note!.resummary).toMatchObject({ state: 'queued', structure: 'minutes' });
    worker();
    expect((await waitForJob(database().db, note.id, ['done', 'failed'])).state).toBe('done');

    const chats = peer.requests.filter((r) => r.endpoint === 'chat');
    expect(chats).toHaveLength(1);
    const system = (chats[0]!.body as { messages: { content: string }[] }).messages[0]!.content;
    expect(system).toContain('nach der Vorlage „Kundengespräch“');
    const order = [
      '"overview" (Überschrift „Überblick“)',
      '"action_items" (Überschrift „Nächste Schritte“)',
      '"decisions" (Überschrift „Vereinbarungen“)',
    ].map((line) => system.indexOf(line));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(system).toContain('Nur was mit dem Kunden fest vereinbart wurde, mit Preis und Termin.');
    expect(system).toContain('Anliegen des Kunden in einem Satz.');
    // The built-in structure's own paragraph is not there.
    expect(system).not.toContain('Erstelle ein Ergebnisprotokoll');

    const after = await t.api.call(endpoints.getNote, {
      token: anna.token,
      params: { id: note.id },
    });
    const summary = after.body.note.summary!;
    expect(summary).toMatchObject({ generator: 'llm', structure: 'minutes' });
    expect(summary.template).toEqual({
      id: template.id,
      name: 'Kundengespräch',
      sections: [
        { key: 'overview', heading: 'Überblick' },
        { key: 'action_items', heading: 'Nächste Schritte' },
        { key: 'decisions', heading: 'Vereinbarungen' },
      ],
    });
    // Left out: the topics.
    expect(summary.topics).toEqual([]);
  });

  it('refuses a re-summary with a deleted template and leaves the note as it was', async () => {
    const anna = await signUp(t.api);
    const made = await create(anna, 'Weg');
    await t.api.call(api.deleteTemplate, { token: anna.token, params: { id: Number(made.id) } });
    const note = await seedNote(database().db, anna.user.id, { summaryModel: 'gpt-4o-mini' });
    const res = await t.api.unchecked(endpoints.resummariseNote, {
      token: anna.token,
      params: { id: note.id },
      body: {
        structure: 'minutes',
        summary_language: 'de',
        summary_model: 'gpt-4o-mini',
        template: Number(made.id),
      },
    });
    expect(res.status).toBe(422);
    expect(issuesOf(res)).toEqual([{ path: 'template', message: 'uploads.templateNotFound' }]);
    expect(await database().db.select().from(jobs).where(eq(jobs.noteId, note.id))).toEqual([]);
  });

  it('takes a template at upload: the note gets its structure and keeps the template as chosen', async () => {
    const anna = await signUp(t.api);
    const template = await customerTemplate(anna);
    const upload = async (fields: Record<string, string>) =>
      plain.api.unchecked(endpoints.uploadNote, {
        token: anna.token,
        body: await uploadForm(fixtures.german.mp3, {
          structure: 'lecture',
          summary_model: 'extractive',
          ...fields,
        }),
      });
    const res = await upload({ template: String(template.id) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (res.body as { note: { id: number; structure: string } }).note.id;
    expect((res.body as { note: { structure: string } }).note.structure).toBe('minutes');
    const [row] = await database().db.select().from(notes).where(eq(notes.id, id));
    expect(row!.template).toMatchObject({ id: template.id, name: 'Kundengespräch' });

    // Processed with the built-in summariser: the template's sections and headings, and what it
    // could not follow (the sections with instructions of their own).
    worker(plain);
    expect((await waitForJob(database().db, id, ['done', 'failed'])).state).toBe('done');
    const after = await t.api.call(endpoints.getNote, { token: anna.token, params: { id } });
    expect(after.body.note.summary!.template).toMatchObject({
      name: 'Kundengespräch',
      unfollowed: ['overview', 'decisions'],
    });

    // A built-in template by name; a deleted one refused with nothing stored.
    const builtIn = await upload({ template: 'bullets' });
    expect((builtIn.body as { note: { structure: string } }).note.structure).toBe('bullets');
    await t.api.call(api.deleteTemplate, {
      token: anna.token,
      params: { id: Number(template.id) },
    });
    const count = (await database().db.select().from(notes).where(eq(notes.userId, anna.user.id)))
      .length;
    const gone = await upload({ template: String(template.id) });
    expect(gone.status).toBe(422);
    expect(issuesOf(gone)).toEqual([{ path: 'template', message: 'uploads.templateNotFound' }]);
    expect(
      (await database().db.select().from(notes).where(eq(notes.userId, anna.user.id))).length,
    ).toBe(count);
  });
});
