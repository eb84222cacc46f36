import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  type ShareLink,
} from '@protokoll/contract';
import { demoNotes } from '../fixtures/notes.ts';
import { demoShareLinks } from '../fixtures/shares.ts';
import { handle, reply, type HandleOptions } from '../handle.ts';
import { notFound } from '../respond.ts';

// A note's share links (docs/sharing.md); not in `endpoints` (every page's client loads that map).

/** Links per demo note, `start` for each at first; made and revoked as the server would. */
export function createShareHandlers(
  start: ShareLink[] = demoShareLinks,
  options: HandleOptions = {},
) {
  const byNote = new Map<number, ShareLink[]>();
  let next = 100;
  const of = (id: number) => {
    if (!demoNotes.some((note) => note.id === id)) return undefined;
    let links = byNote.get(id);
    if (!links) {
      links = structuredClone(start).map((link) => ({ ...link, note_id: id }));
      byNote.set(id, links);
    }
    return links;
  };
  return [
    handle(
      listShareLinks,
      ({ params }) => {
        const shares = of(params.id);
        return shares ? reply(listShareLinks, { success: true, shares }) : notFound();
      },
      options,
    ),
    handle(
      createShareLink,
      ({ params, body }) => {
        const shares = of(params.id);
        if (!shares) return notFound();
        const now = new Date();
        const share: ShareLink = {
          id: ++next,
          note_id: params.id,
          state: 'active',
          created_at: now.toISOString(),
          expires_at: body.expires_in_days
            ? new Date(now.getTime() + body.expires_in_days * 86_400_000).toISOString()
            : null,
          revoked_at: null,
          access_code: Boolean(body.access_code),
          transcript: body.transcript,
          audio: body.audio,
          items: body.items ?? null,
          sections: body.sections ?? null,
          views: 0,
          last_used_at: null,
          mailed_to: [...new Set(body.recipients ?? [])],
        };
        shares.unshift(share);
        const token = `mock${String(next).padStart(39, '0')}`;
        return reply(createShareLink, {
          success: true,
          share,
          url: `${location.origin}/s/${token}`,
          unsent: [],
        });
      },
      options,
    ),
    handle(
      revokeShareLink,
      ({ params }) => {
        const share = of(params.id)?.find((candidate) => candidate.id === params.share_id);
        if (!share) return notFound();
        if (share.state !== 'revoked') {
          share.state = 'revoked';
          share.revoked_at = new Date().toISOString();
        }
        return reply(revokeShareLink, { success: true, share });
      },
      options,
    ),
  ];
}

export const shareHandlers = createShareHandlers();
