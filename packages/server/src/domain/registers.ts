// The registers of a folder (docs/formal-minutes.md#registers). The Beschluss-Sammlung of a
// folder kept as a Gremium: every resolution of its notes' final minutes, entered when they become
// final (or when the folder becomes a Gremium, or a final note is moved into it), with the next
// number of its year, never renumbered. A corrected final version is entered against the entries
// of the version before: a resolution it still holds as entered keeps its entry and number, one it
// no longer holds is marked struck, a new or changed one is a new entry. The Aufgabenliste is read
// from the notes' summaries as they are, with the marks done or open kept beside them.
import {
  MinutesContent,
  Summary,
  formalPartOf,
  type FolderRegisters,
  type RegisterResolution,
  type RegisterTask,
  type TaskDone,
} from '@protokoll/contract';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, max, min } from 'drizzle-orm';
import { stringify } from 'safe-stable-stringify';
import type { Db } from '../db/client.ts';
import { folders, minutesVersions, notes, resolutionRegister, taskMarks } from '../db/schema.ts';
import { notFoundError } from '../lib/errors.ts';
import { itemOfTask } from '../processing/formal-minutes.ts';

/** What an entry keeps of the resolution and its meeting, as the final version held them. */
type Entry = Pick<
  RegisterResolution,
  'date' | 'place' | 'online' | 'item_number' | 'item_title' | 'text' | 'vote' | 'result'
>;

/** The resolutions of final minutes in agenda order, each with its meeting's date and place. */
export function entriesOf(content: MinutesContent): Entry[] {
  const formal = content.summary.formal;
  if (!formal) return [];
  const { date, place, online } = formal.head;
  return formal.items.flatMap((item) =>
    item.resolutions.map((resolution) => ({
      ...(date ? { date } : {}),
      ...(place ? { place } : {}),
      ...(online ? { online } : {}),
      item_number: item.number,
      item_title: item.title,
      text: resolution.text,
      ...(resolution.vote ? { vote: resolution.vote } : {}),
      ...(resolution.result ? { result: resolution.result } : {}),
    })),
  );
}

const yearOf = (entry: Entry, now: Date) =>
  entry.date ? Number(entry.date.slice(0, 4)) : now.getUTCFullYear();

/** The user's folder, locked when asked (numbering in it is one at a time); 404 for anyone else's. */
async function folderOf(db: Db, userId: number, folderId: number, lock = false) {
  const query = db
    .select({ id: folders.id, name: folders.name, gremium: folders.gremium })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.userId, userId)));
  const [folder] = lock ? await query.for('update') : await query;
  if (!folder) throw notFoundError();
  return folder;
}

const lockFolder = (tx: Db, userId: number, folderId: number) =>
  folderOf(tx, userId, folderId, true);

/**
 * Enters the newest final version of a note in a Gremium folder's Beschluss-Sammlung, against
 * what an earlier final version entered there. The folder is locked by the caller.
 */
async function enterNote(tx: Db, folderId: number, noteId: number, now: Date): Promise<void> {
  const [final] = await tx
    .select({ number: minutesVersions.number, content: minutesVersions.content, name: notes.name })
    .from(minutesVersions)
    .innerJoin(notes, eq(notes.id, minutesVersions.noteId))
    .where(and(eq(minutesVersions.noteId, noteId), eq(minutesVersions.state, 'final')))
    .orderBy(desc(minutesVersions.number))
    .limit(1);
  if (!final) return;
  const live = await tx
    .select()
    .from(resolutionRegister)
    .where(
      and(
        eq(resolutionRegister.folderId, folderId),
        eq(resolutionRegister.noteId, noteId),
        isNull(resolutionRegister.struckAt),
      ),
    )
    .orderBy(asc(resolutionRegister.id));
  // A live entry matches an entry of the final version of the same content; each matches once.
  const unmatched = new Map(live.map((row) => [row.id, stringify(row.entry)]));
  const fresh: Entry[] = [];
  for (const entry of entriesOf(MinutesContent.parse(final.content))) {
    const key = stringify(entry);
    const same = [...unmatched].find(([, rowKey]) => rowKey === key);
    if (same) unmatched.delete(same[0]);
    else fresh.push(entry);
  }
  if (unmatched.size > 0) {
    await tx
      .update(resolutionRegister)
      .set({ struckAt: now, struckInVersion: final.number })
      .where(inArray(resolutionRegister.id, [...unmatched.keys()]));
  }
  const next = new Map<number, number>();
  for (const entry of fresh) {
    const year = yearOf(entry, now);
    let number = next.get(year);
    if (number === undefined) {
      const [last] = await tx
        .select({ number: max(resolutionRegister.number) })
        .from(resolutionRegister)
        .where(and(eq(resolutionRegister.folderId, folderId), eq(resolutionRegister.year, year)));
      number = (last?.number ?? 0) + 1;
    }
    next.set(year, number + 1);
    await tx.insert(resolutionRegister).values({
      folderId,
      year,
      number,
      noteId,
      noteName: final.name,
      version: final.number,
      entry,
      enteredAt: now,
    });
  }
}

/**
 * After a note's minutes became final, or the note was moved: enters them in its folder's
 * Beschluss-Sammlung when that folder is a Gremium. Runs in the caller's transaction.
 */
export async function enterInRegister(
  tx: Db,
  userId: number,
  noteId: number,
  now = new Date(),
): Promise<void> {
  // Most notes lie in no Gremium's folder: one read, no lock.
  const [filed] = await tx
    .select({ folderId: folders.id })
    .from(notes)
    .innerJoin(folders, eq(folders.id, notes.folderId))
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId), eq(folders.gremium, true)));
  if (!filed) return;
  // Locked, and asked again: the mark may have been taken off meanwhile.
  const folder = await lockFolder(tx, userId, filed.folderId);
  if (folder.gremium) await enterNote(tx, folder.id, noteId, now);
}

/** Entries in register order: newest year first, by number within it. */
async function resolutionsOf(db: Db, folderId: number): Promise<RegisterResolution[]> {
  const rows = await db
    .select()
    .from(resolutionRegister)
    .where(eq(resolutionRegister.folderId, folderId))
    .orderBy(desc(resolutionRegister.year), asc(resolutionRegister.number));
  return rows.map((row) => ({
    ...(row.entry as Entry),
    id: row.id,
    year: row.year,
    number: row.number,
    note_id: row.noteId,
    note_name: row.noteName,
    version: row.version,
    entered_at: row.enteredAt.toISOString(),
    struck_at: row.struckAt?.toISOString() ?? null,
    struck_in_version: row.struckInVersion,
  }));
}

/** A task's name within its note: its wording and owner, hashed. */
export const taskKey = (task: string, owner: string | undefined) =>
  createHash('sha256')
    .update(`${task}\u0000${owner ?? ''}`)
    .digest('hex')
    .slice(0, 16);

/** Every task of the folder's notes as their summaries hold them now, newest meeting first. */
async function tasksOf(db: Db, userId: number, folderId: number) {
  const rows = await db
    .select({
      id: notes.id,
      name: notes.name,
      structure: notes.structure,
      summary: notes.summary,
      createdAt: notes.createdAt,
    })
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.folderId, folderId), isNotNull(notes.summary)));
  const marks = rows.length
    ? await db
        .select()
        .from(taskMarks)
        .where(
          inArray(
            taskMarks.noteId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  const markOf = new Map(marks.map((mark) => [`${mark.noteId}:${mark.taskKey}`, mark.done]));
  let structure: { structure: string; at: string } | undefined;
  const tasks: RegisterTask[] = [];
  for (const row of rows) {
    const summary = Summary.parse(row.summary);
    const formal = formalPartOf(summary, row.structure);
    const date = formal?.formal.head.date ?? row.createdAt.toISOString().slice(0, 10);
    if (formal && (!structure || date > structure.at)) {
      structure = { structure: formal.structure, at: date };
    }
    for (const item of summary.action_items) {
      const key = taskKey(item.task, item.owner);
      // In formal minutes, the agenda item the task was given under.
      const agendaItem = formal ? itemOfTask(formal.formal, item) : undefined;
      tasks.push({
        key,
        note_id: row.id,
        note_name: row.name,
        date,
        ...(agendaItem ? { item_number: agendaItem.number, item_title: agendaItem.title } : {}),
        task: item.task,
        ...(item.owner ? { owner: item.owner } : {}),
        ...(item.due ? { due: item.due } : {}),
        done: markOf.get(`${row.id}:${key}`) ?? item.done ?? false,
        start: item.start,
      });
    }
  }
  tasks.sort((a, b) => b.date.localeCompare(a.date) || b.note_id - a.note_id || a.start - b.start);
  return { tasks, structure: structure?.structure };
}

/** Both registers of one of the user's folders. @throws ApiError 404 for anyone else's. */
export async function getFolderRegisters(
  db: Db,
  userId: number,
  folderId: number,
): Promise<FolderRegisters> {
  const folder = await folderOf(db, userId, folderId);
  const { tasks, structure } = await tasksOf(db, userId, folderId);
  return {
    folder,
    resolutions: await resolutionsOf(db, folderId),
    tasks,
    ...(structure ? { structure } : {}),
  };
}

/**
 * Keeps the folder as a Gremium or not. Made one, the final minutes already in it are entered,
 * in the order they became final; no longer one, its entries stay and no new ones are made.
 * @throws ApiError 404 for anyone else's folder.
 */
export async function setFolderGremium(
  db: Db,
  userId: number,
  folderId: number,
  gremium: boolean,
  now = new Date(),
): Promise<FolderRegisters> {
  await db.transaction(async (tx) => {
    const folder = await lockFolder(tx, userId, folderId);
    await tx.update(folders).set({ gremium }).where(eq(folders.id, folder.id));
    if (!gremium) return;
    // Each note with final minutes, in the order it first became final.
    const finals = await tx
      .select({ id: notes.id })
      .from(notes)
      .innerJoin(minutesVersions, eq(minutesVersions.noteId, notes.id))
      .where(
        and(
          eq(notes.userId, userId),
          eq(notes.folderId, folder.id),
          eq(minutesVersions.state, 'final'),
        ),
      )
      .groupBy(notes.id)
      .orderBy(min(minutesVersions.finalisedAt), notes.id);
    for (const note of finals) await enterNote(tx, folder.id, note.id, now);
  });
  return getFolderRegisters(db, userId, folderId);
}

/**
 * Marks a task of the folder's Aufgabenliste done or open.
 * @throws ApiError 404 for anyone else's folder, a note not in it, or a task it does not hold.
 */
export async function markRegisterTask(
  db: Db,
  userId: number,
  folderId: number,
  { note_id: noteId, key, done }: TaskDone,
): Promise<FolderRegisters> {
  const registers = await getFolderRegisters(db, userId, folderId);
  if (!registers.tasks.some((task) => task.note_id === noteId && task.key === key)) {
    throw notFoundError();
  }
  await db
    .insert(taskMarks)
    .values({ noteId, taskKey: key, done })
    .onConflictDoUpdate({
      target: [taskMarks.noteId, taskMarks.taskKey],
      set: { done, markedAt: new Date() },
    });
  return {
    ...registers,
    tasks: registers.tasks.map((task) =>
      task.note_id === noteId && task.key === key ? { ...task, done } : task,
    ),
  };
}
