import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  type ShareLink,
  type ShareLinkBody,
} from '@protokoll/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';

// A note's share links (docs/sharing.md): GET/POST /api/note/{id}/shares, DELETE …/{share_id}.

/**
 * Under the notes' keys, so reloading the notes reloads it too; here and not in
 * lib/query-keys.ts, which every page's entry carries (the sign-in page has no room).
 */
const sharesKey = (id: number) => ['notes', 'shares', id] as const;

/** The note's links, loaded each time the dialog opens. */
export function useShareLinks(id: number) {
  return useQuery({
    queryKey: sharesKey(id),
    queryFn: async ({ signal }) => {
      const { client } = await loadSession();
      return (await client.call(listShareLinks, { params: { id }, signal })).shares;
    },
    staleTime: 0,
    retry: false,
  });
}

/** Makes a link (and mails it where asked); the list gets it at its top. */
export function useCreateShareLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShareLinkBody) => {
      const { client } = await loadSession();
      return client.call(createShareLink, { params: { id }, body });
    },
    onSuccess: ({ share }) =>
      queryClient.setQueryData<ShareLink[]>(sharesKey(id), (shares = []) => [share, ...shares]),
  });
}

/** Revokes a link; the list shows it revoked. */
export function useRevokeShareLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shareId: number) => {
      const { client } = await loadSession();
      return (await client.call(revokeShareLink, { params: { id, share_id: shareId } })).share;
    },
    onSuccess: (share) =>
      queryClient.setQueryData<ShareLink[]>(sharesKey(id), (shares = []) =>
        shares.map((candidate) => (candidate.id === share.id ? share : candidate)),
      ),
  });
}
