import {
  createGlossaryTerm,
  deleteGlossaryTerm,
  listGlossary,
  updateGlossaryTerm,
} from '../../domain/glossary.ts';
import { authOf } from '../../http/auth.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { requestWording } from '../../http/request-locale.ts';
import { notAuthenticated } from '../../lib/errors.ts';
import { findUserById } from '../../lib/users.ts';
import { depsOf } from '../deps.ts';
import type {
  createGlossaryTermRoute,
  deleteGlossaryTermRoute,
  listGlossaryRoute,
  updateGlossaryTermRoute,
} from './glossary.routes.ts';

/** The signed-in user and their wording: a refusal is in their language. */
async function ownerOf(c: Parameters<AppRouteHandler<typeof createGlossaryTermRoute>>[0]) {
  const { userId } = authOf(c);
  const user = await findUserById(c.var.db, userId);
  if (!user) throw notAuthenticated();
  return { userId, words: await requestWording(c, user.locale) };
}

export const listGlossaryHandler: AppRouteHandler<typeof listGlossaryRoute> = async (c) => {
  const { userId } = authOf(c);
  const terms = await listGlossary(depsOf(c), userId, c.req.valid('query').folder_id);
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, terms }, 200);
};

export const createGlossaryTermHandler: AppRouteHandler<typeof createGlossaryTermRoute> = async (
  c,
) => {
  const term = await createGlossaryTerm(depsOf(c), await ownerOf(c), c.req.valid('json'));
  return c.json({ success: true, term }, 200);
};

export const updateGlossaryTermHandler: AppRouteHandler<typeof updateGlossaryTermRoute> = async (
  c,
) => {
  const term = await updateGlossaryTerm(
    depsOf(c),
    await ownerOf(c),
    c.req.valid('param').id,
    c.req.valid('json'),
  );
  return c.json({ success: true, term }, 200);
};

export const deleteGlossaryTermHandler: AppRouteHandler<typeof deleteGlossaryTermRoute> = async (
  c,
) => {
  const { userId } = authOf(c);
  await deleteGlossaryTerm(depsOf(c), userId, c.req.valid('param').id);
  return c.json({ success: true }, 200);
};
