import {
  countNotes,
  deleteNote,
  downloadNote,
  getNote,
  getNoteAudio,
  getNoteOriginal,
  getNotePeaks,
  listNotes,
  moveNote,
  updateNote,
} from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const listNotesRoute = routeFor(listNotes);
export const countNotesRoute = routeFor(countNotes);
export const getNoteRoute = routeFor(getNote);
export const getNoteAudioRoute = routeFor(getNoteAudio);
export const getNoteOriginalRoute = routeFor(getNoteOriginal);
export const getNotePeaksRoute = routeFor(getNotePeaks);
export const downloadNoteRoute = routeFor(downloadNote);
export const updateNoteRoute = routeFor(updateNote);
export const deleteNoteRoute = routeFor(deleteNote);
export const moveNoteRoute = routeFor(moveNote);
