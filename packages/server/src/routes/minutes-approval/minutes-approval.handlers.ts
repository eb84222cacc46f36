import type { Context } from 'hono';
import {
  addMinutesObjection,
  correctMinutes,
  decideSignature,
  finaliseMinutes,
  getMinutesApproval,
  getMinutesVersion,
  getSignatureRequest,
  submitMinutes,
} from '../../domain/notes/minutes-approval.ts';
import { exportNote } from '../../domain/notes/export-note.ts';
import { authOf } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { requestWording } from '../../http/request-locale.ts';
import { notAuthenticated } from '../../lib/errors.ts';
import { findUserById } from '../../lib/users.ts';
import { depsOf } from '../deps.ts';
import { mailReachOf } from '../mail-reach.ts';
import type {
  addMinutesObjectionRoute,
  correctMinutesRoute,
  downloadMinutesExtractRoute,
  finaliseMinutesRoute,
  getMinutesApprovalRoute,
  getMinutesVersionRoute,
  getSignatureRequestRoute,
  refuseSignatureRoute,
  signMinutesRoute,
  submitMinutesRoute,
} from './minutes-approval.routes.ts';
import { fileAnswer } from '../file-answer.ts';

/** The signed-in user and their wording: a refusal is in their language. */
async function signedIn(c: Context<AppEnv>) {
  const { userId } = authOf(c);
  const user = await findUserById(c.var.db, userId);
  if (!user) throw notAuthenticated();
  return { user, words: await requestWording(c, user.locale) };
}

async function keeperOf(c: Context<AppEnv>, noteId: number) {
  const { user, words } = await signedIn(c);
  return { userId: user.id, noteId, words };
}

export const getMinutesApprovalHandler: AppRouteHandler<typeof getMinutesApprovalRoute> = async (
  c,
) => {
  const approval = await getMinutesApproval(c.var.db, authOf(c).userId, c.req.valid('param').id);
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, approval }, 200);
};

export const submitMinutesHandler: AppRouteHandler<typeof submitMinutesRoute> = async (c) => {
  const input = await keeperOf(c, c.req.valid('param').id);
  const approval = await submitMinutes(
    { ...depsOf(c), mailer: c.var.mailer },
    { ...input, reach: mailReachOf(c) },
    c.req.valid('json'),
  );
  return c.json({ success: true, approval }, 200);
};

export const finaliseMinutesHandler: AppRouteHandler<typeof finaliseMinutesRoute> = async (c) => {
  const approval = await finaliseMinutes(c.var.db, await keeperOf(c, c.req.valid('param').id));
  return c.json({ success: true, approval }, 200);
};

export const correctMinutesHandler: AppRouteHandler<typeof correctMinutesRoute> = async (c) => {
  const approval = await correctMinutes(c.var.db, await keeperOf(c, c.req.valid('param').id));
  return c.json({ success: true, approval }, 200);
};

export const addMinutesObjectionHandler: AppRouteHandler<typeof addMinutesObjectionRoute> = async (
  c,
) => {
  const approval = await addMinutesObjection(
    c.var.db,
    await keeperOf(c, c.req.valid('param').id),
    c.req.valid('json'),
  );
  return c.json({ success: true, approval }, 200);
};

export const getMinutesVersionHandler: AppRouteHandler<typeof getMinutesVersionRoute> = async (
  c,
) => {
  const { id, number } = c.req.valid('param');
  const found = await getMinutesVersion(c.var.db, authOf(c).userId, id, number);
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, ...found }, 200);
};

export const getSignatureRequestHandler: AppRouteHandler<typeof getSignatureRequestRoute> = async (
  c,
) => {
  const request = await getSignatureRequest(c.var.db, {
    ...(await signedIn(c)),
    token: c.req.valid('param').token,
  });
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, request }, 200);
};

export const signMinutesHandler: AppRouteHandler<typeof signMinutesRoute> = async (c) => {
  const request = await decideSignature(c.var.db, {
    ...(await signedIn(c)),
    token: c.req.valid('param').token,
    decision: { sign: true },
  });
  return c.json({ success: true, request }, 200);
};

export const refuseSignatureHandler: AppRouteHandler<typeof refuseSignatureRoute> = async (c) => {
  const request = await decideSignature(c.var.db, {
    ...(await signedIn(c)),
    token: c.req.valid('param').token,
    decision: { sign: false, reason: c.req.valid('json').reason },
  });
  return c.json({ success: true, request }, 200);
};

/** An extract of the minutes: the chosen agenda items, as a file like a whole download's. */
export const downloadMinutesExtractHandler: AppRouteHandler<
  typeof downloadMinutesExtractRoute
> = async (c) => {
  const { id, format } = c.req.valid('param');
  const { items, minutes_version: minutesVersion } = c.req.valid('query');
  const numbers = [...new Set(items.split(',').map(Number))].sort((a, b) => a - b);
  const file = await exportNote(depsOf(c), {
    userId: authOf(c).userId,
    noteId: id,
    format,
    minutesVersion,
    items: numbers,
  });
  c.header('Cache-Control', 'no-store');
  return c.json(fileAnswer(file), 200);
};
