import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  setDefaultTemplate,
  updateTemplate,
} from '../../domain/templates.ts';
import { authOf } from '../../http/auth.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { mailLocale } from '../../http/request-locale.ts';
import type {
  createTemplateRoute,
  deleteTemplateRoute,
  listTemplatesRoute,
  setDefaultTemplateRoute,
  updateTemplateRoute,
} from './templates.routes.ts';

export const listTemplatesHandler: AppRouteHandler<typeof listTemplatesRoute> = async (c) => {
  const { userId } = authOf(c);
  const list = await listTemplates(c.var.db, userId, mailLocale(c, undefined));
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, ...list }, 200);
};

export const createTemplateHandler: AppRouteHandler<typeof createTemplateRoute> = async (c) => {
  const { userId } = authOf(c);
  const template = await createTemplate(
    c.var.db,
    userId,
    c.req.valid('json'),
    mailLocale(c, undefined),
  );
  return c.json({ success: true, message: 'Template created', template }, 200);
};

export const updateTemplateHandler: AppRouteHandler<typeof updateTemplateRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id } = c.req.valid('param');
  const template = await updateTemplate(c.var.db, userId, id, c.req.valid('json'));
  return c.json({ success: true, message: 'Template saved', template }, 200);
};

export const deleteTemplateHandler: AppRouteHandler<typeof deleteTemplateRoute> = async (c) => {
  const { userId } = authOf(c);
  await deleteTemplate(c.var.db, userId, c.req.valid('param').id);
  return c.json({ success: true, message: 'Template deleted' }, 200);
};

export const setDefaultTemplateHandler: AppRouteHandler<typeof setDefaultTemplateRoute> = async (
  c,
) => {
  const { userId } = authOf(c);
  await setDefaultTemplate(c.var.db, userId, c.req.valid('json').template);
  const list = await listTemplates(c.var.db, userId, mailLocale(c, undefined));
  return c.json({ success: true, ...list }, 200);
};
