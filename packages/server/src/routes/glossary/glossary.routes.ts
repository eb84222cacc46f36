import {
  createGlossaryTerm,
  deleteGlossaryTerm,
  listGlossary,
  updateGlossaryTerm,
} from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const listGlossaryRoute = routeFor(listGlossary);
export const createGlossaryTermRoute = routeFor(createGlossaryTerm);
export const updateGlossaryTermRoute = routeFor(updateGlossaryTerm);
export const deleteGlossaryTermRoute = routeFor(deleteGlossaryTerm);
