import { templateEndpoints } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const listTemplatesRoute = routeFor(templateEndpoints.listTemplates);
export const createTemplateRoute = routeFor(templateEndpoints.createTemplate);
export const setDefaultTemplateRoute = routeFor(templateEndpoints.setDefaultTemplate);
export const updateTemplateRoute = routeFor(templateEndpoints.updateTemplate);
export const deleteTemplateRoute = routeFor(templateEndpoints.deleteTemplate);
