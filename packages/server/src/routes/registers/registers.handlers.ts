import { getFolderRegisters, markRegisterTask, setFolderGremium } from '../../domain/registers.ts';
import { renderResolutionRegister } from '../../exports/register.ts';
import { authOf } from '../../http/auth.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { mailLocale } from '../../http/request-locale.ts';
import { notAuthenticated } from '../../lib/errors.ts';
import { findUserById } from '../../lib/users.ts';
import type {
  downloadResolutionRegisterRoute,
  getFolderRegistersRoute,
  markRegisterTaskRoute,
  setFolderGremiumRoute,
} from './registers.routes.ts';
import { fileAnswer } from '../file-answer.ts';

export const getFolderRegistersHandler: AppRouteHandler<typeof getFolderRegistersRoute> = async (
  c,
) => {
  const registers = await getFolderRegisters(c.var.db, authOf(c).userId, c.req.valid('param').id);
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, registers }, 200);
};

export const setFolderGremiumHandler: AppRouteHandler<typeof setFolderGremiumRoute> = async (c) => {
  const registers = await setFolderGremium(
    c.var.db,
    authOf(c).userId,
    c.req.valid('param').id,
    c.req.valid('json').gremium,
  );
  return c.json({ success: true, registers }, 200);
};

export const markRegisterTaskHandler: AppRouteHandler<typeof markRegisterTaskRoute> = async (c) => {
  const registers = await markRegisterTask(
    c.var.db,
    authOf(c).userId,
    c.req.valid('param').id,
    c.req.valid('json'),
  );
  return c.json({ success: true, registers }, 200);
};

/** The Beschluss-Sammlung as a file, in the request's language (else the account's). */
export const downloadResolutionRegisterHandler: AppRouteHandler<
  typeof downloadResolutionRegisterRoute
> = async (c) => {
  const { userId } = authOf(c);
  const { id, format } = c.req.valid('param');
  const user = await findUserById(c.var.db, userId);
  if (!user) throw notAuthenticated();
  const registers = await getFolderRegisters(c.var.db, userId, id);
  const file = await renderResolutionRegister(
    registers,
    format,
    mailLocale(c, undefined, user.locale),
    { localesDir: c.var.config.localesDir },
  );
  c.header('Cache-Control', 'no-store');
  return c.json(fileAnswer(file), 200);
};
