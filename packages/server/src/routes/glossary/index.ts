import { createRouter } from '../../http/openapi.ts';
import {
  createGlossaryTermHandler,
  deleteGlossaryTermHandler,
  listGlossaryHandler,
  updateGlossaryTermHandler,
} from './glossary.handlers.ts';
import {
  createGlossaryTermRoute,
  deleteGlossaryTermRoute,
  listGlossaryRoute,
  updateGlossaryTermRoute,
} from './glossary.routes.ts';

export const glossaryRouter = () =>
  createRouter()
    .openapi(listGlossaryRoute, listGlossaryHandler)
    .openapi(createGlossaryTermRoute, createGlossaryTermHandler)
    .openapi(updateGlossaryTermRoute, updateGlossaryTermHandler)
    .openapi(deleteGlossaryTermRoute, deleteGlossaryTermHandler);
