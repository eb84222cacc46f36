import { createRouter } from '../../http/openapi.ts';
import {
  createTemplateHandler,
  deleteTemplateHandler,
  listTemplatesHandler,
  setDefaultTemplateHandler,
  updateTemplateHandler,
} from './templates.handlers.ts';
import {
  createTemplateRoute,
  deleteTemplateRoute,
  listTemplatesRoute,
  setDefaultTemplateRoute,
  updateTemplateRoute,
} from './templates.routes.ts';

/** The summary templates (docs/product.md#summary-templates); `default` before `{id}`. */
export const templatesRouter = () =>
  createRouter()
    .openapi(listTemplatesRoute, listTemplatesHandler)
    .openapi(createTemplateRoute, createTemplateHandler)
    .openapi(setDefaultTemplateRoute, setDefaultTemplateHandler)
    .openapi(updateTemplateRoute, updateTemplateHandler)
    .openapi(deleteTemplateRoute, deleteTemplateHandler);
