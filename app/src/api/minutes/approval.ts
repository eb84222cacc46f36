import {
  addMinutesObjection,
  correctMinutes,
  downloadMinutesExtract,
  finaliseMinutes,
  getMinutesApproval,
  getSignatureRequest,
  refuseSignature,
  signMinutes,
  submitMinutes,
  type MinutesApproval,
  type ObjectionBody,
  type SignatureRequest,
  type SignerInput,
} from '@protokoll/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveDownload } from '../../lib/download.ts';
import { keys } from '../../lib/query-keys.ts';
import { loadSession } from '../../session/session-context.ts';

// The approval and signature of formal minutes (docs/formal-minutes.md#approval-and-signature):
// GET /api/note/{id}/minutes and its steps, GET/POST /api/signatures/{token}.

export async function fetchMinutesApproval(
  id: number,
  signal?: AbortSignal,
): Promise<MinutesApproval> {
  const { client } = await loadSession();
  const { approval } = await client.call(getMinutesApproval, { params: { id }, signal });
  return approval;
}

/** A formal note's approval state and versions. */
export function useMinutesApproval(id: number, enabled = true) {
  return useQuery({
    queryKey: keys.notes.approval(id),
    queryFn: ({ signal }) => fetchMinutesApproval(id, signal),
    enabled,
    retry: false,
  });
}

type Step =
  | { kind: 'submit'; signers: SignerInput[]; baseVersion: number }
  | { kind: 'finalise' }
  | { kind: 'correct' }
  | { kind: 'objection'; body: ObjectionBody };

async function runStep(id: number, step: Step): Promise<MinutesApproval> {
  const { client } = await loadSession();
  const params = { id };
  switch (step.kind) {
    case 'submit':
      return (
        await client.call(submitMinutes, {
          params,
          body: { base_version: step.baseVersion, signers: step.signers },
        })
      ).approval;
    case 'finalise':
      return (await client.call(finaliseMinutes, { params })).approval;
    case 'correct':
      return (await client.call(correctMinutes, { params })).approval;
    case 'objection':
      return (await client.call(addMinutesObjection, { params, body: step.body })).approval;
  }
}

/**
 * One step of the approval; the answer is the new state. Submitting and correcting lock and
 * unlock the note, so its detail is loaded again too.
 */
export function useMinutesStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: Step) => runStep(id, step),
    onSuccess: async (approval) => {
      queryClient.setQueryData(keys.notes.approval(id), approval);
      await queryClient.invalidateQueries({ queryKey: keys.notes.detail(id) });
    },
  });
}

export async function fetchSignatureRequest(
  token: string,
  signal?: AbortSignal,
): Promise<SignatureRequest> {
  const { client } = await loadSession();
  const { request } = await client.call(getSignatureRequest, { params: { token }, signal });
  return request;
}

/** The minutes a signature link asks the signed-in account to sign. */
export function useSignatureRequest(token: string | undefined) {
  return useQuery({
    queryKey: keys.signature(token ?? ''),
    queryFn: ({ signal }) => fetchSignatureRequest(token ?? '', signal),
    enabled: Boolean(token),
    retry: false,
  });
}

/** Signs, or refuses with a reason; the answer replaces the request on screen. */
export function useSignatureDecision(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: { sign: true } | { sign: false; reason: string }) => {
      const { client } = await loadSession();
      const params = { token };
      const { request } = decision.sign
        ? await client.call(signMinutes, { params })
        : await client.call(refuseSignature, { params, body: { reason: decision.reason } });
      return request;
    },
    onSuccess: (request) => queryClient.setQueryData(keys.signature(token), request),
  });
}

/**
 * Saves an extract of the minutes: the chosen agenda items only
 * (docs/formal-minutes.md#partial-minutes). True once saved, false on any failure.
 */
export function downloadExtract(
  id: number,
  items: number[],
  format: 'pdf' | 'docx',
): Promise<boolean> {
  return saveDownload(async () => {
    const { client } = await loadSession();
    return client.call(downloadMinutesExtract, {
      params: { id, format },
      query: { items: items.join(',') },
    });
  }, format);
}
