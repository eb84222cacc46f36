import {
  addMinutesObjection,
  correctMinutes,
  downloadMinutesExtract,
  ErrorCode,
  finaliseMinutes,
  getMinutesApproval,
  getMinutesVersion,
  getSignatureRequest,
  refuseSignature,
  signMinutes,
  submitMinutes,
  type MinutesApproval,
  type MinutesVersion,
  type SignatureRequest,
} from '@protokoll/contract';
import {
  approvals,
  MOCK_SIGNATURE_TOKEN,
  minutesVersion,
  signatureRequest,
  worksCouncilContent,
} from '../fixtures/approval.ts';
import { failWith, handle, reply, type HandleOptions } from '../handle.ts';
import { base64, englishText, errorResponse } from '../respond.ts';

// The approval's calls are not in `endpoints` (every page's client loads that map).
const NOW = '2026-11-21T10:00:00.000Z';

const refusal = (status: number, key: string) =>
  errorResponse(
    status,
    status === 400 ? ErrorCode.INVALID_TOKEN : ErrorCode.CONFLICT,
    englishText(`approval.errors.${key}`),
  );

/**
 * Handlers of the approval and signature of formal minutes
 * (docs/formal-minutes.md#approval-and-signature): every note starts at `start`, each moves on as
 * the server's would; the signature link MOCK_SIGNATURE_TOKEN asks Jonas Berg to sign.
 */
export function createApprovalHandlers(
  start: MinutesApproval = approvals.draft,
  request: SignatureRequest | 'wrongAccount' = signatureRequest(),
  options: HandleOptions = {},
) {
  const byNote = new Map<number, MinutesApproval>();
  const of = (id: number) => {
    let approval = byNote.get(id);
    if (!approval) byNote.set(id, (approval = structuredClone(start)));
    return approval;
  };
  const open = (approval: MinutesApproval) =>
    approval.versions[0] && !approval.versions[0].replaced ? approval.versions[0] : undefined;
  let signature = request === 'wrongAccount' ? undefined : structuredClone(request);

  return [
    handle(
      downloadMinutesExtract,
      ({ params, query }) =>
        reply(downloadMinutesExtract, {
          success: true,
          data: base64(`Auszug: TOP ${query.items.split(',').join(', TOP ')}`),
          filename: `Auszug.${params.format}`,
          contentType: params.format === 'pdf' ? 'application/pdf' : 'text/plain; charset=utf-8',
          status: 200,
        }),
      options,
    ),
    handle(
      getMinutesApproval,
      ({ params }) => reply(getMinutesApproval, { success: true, approval: of(params.id) }),
      options,
    ),
    handle(
      submitMinutes,
      ({ params, body }) => {
        const approval = of(params.id);
        if (open(approval)) return refusal(409, 'submitted');
        const allTyped = body.signers.every((signer) => !signer.email);
        const version: MinutesVersion = {
          ...minutesVersion(allTyped ? 'signed' : 'submitted'),
          number: (approval.versions[0]?.number ?? 0) + 1,
          submitted_at: NOW,
          signed_at: allTyped ? NOW : null,
          changes: approval.versions.length ? [{ kind: 'head', field: 'place' }] : [],
          signers: body.signers.map((signer, index) => ({
            id: 10 + index,
            role: signer.role,
            name: signer.name,
            email: signer.email ?? null,
            typed: !signer.email,
            state: signer.email ? 'pending' : 'signed',
            reason: null,
            decided_at: signer.email ? null : NOW,
          })),
        };
        approval.versions.unshift(version);
        approval.state = version.state;
        return reply(submitMinutes, { success: true, approval });
      },
      options,
    ),
    handle(
      finaliseMinutes,
      ({ params }) => {
        const approval = of(params.id);
        const version = open(approval);
        if (version?.state !== 'signed') return refusal(409, 'notSigned');
        Object.assign(version, { state: 'final', finalised_at: NOW });
        approval.state = 'final';
        return reply(finaliseMinutes, { success: true, approval });
      },
      options,
    ),
    handle(
      correctMinutes,
      ({ params }) => {
        const approval = of(params.id);
        const version = open(approval);
        if (!version) return refusal(409, 'draft');
        version.replaced = true;
        approval.state = 'draft';
        return reply(correctMinutes, { success: true, approval });
      },
      options,
    ),
    handle(
      addMinutesObjection,
      ({ params, body }) => {
        const approval = of(params.id);
        const version = open(approval);
        if (version?.state !== 'final') return refusal(409, 'notFinal');
        version.objections.push({ id: version.objections.length + 1, ...body, created_at: NOW });
        return reply(addMinutesObjection, { success: true, approval });
      },
      options,
    ),
    handle(
      getMinutesVersion,
      ({ params }) => {
        const version = of(params.id).versions.find((entry) => entry.number === params.number);
        if (!version) return errorResponse(404, ErrorCode.NOT_FOUND);
        return reply(getMinutesVersion, { success: true, version, content: worksCouncilContent });
      },
      options,
    ),
    handle(
      getSignatureRequest,
      ({ params }) => {
        if (params.token !== MOCK_SIGNATURE_TOKEN) return refusal(400, 'invalidLink');
        if (!signature) {
          return errorResponse(
            403,
            ErrorCode.INVITATION_WRONG_ACCOUNT,
            englishText('approval.errors.wrongAccount'),
          );
        }
        return reply(getSignatureRequest, { success: true, request: signature });
      },
      options,
    ),
    handle(
      signMinutes,
      ({ params }) => {
        if (params.token !== MOCK_SIGNATURE_TOKEN || !signature) return refusal(400, 'invalidLink');
        if (signature.signer.state !== 'pending') return refusal(409, 'decided');
        signature = structuredClone(signatureRequest('signed'));
        return reply(signMinutes, { success: true, request: signature });
      },
      options,
    ),
    handle(
      refuseSignature,
      ({ params, body }) => {
        if (params.token !== MOCK_SIGNATURE_TOKEN || !signature) return refusal(400, 'invalidLink');
        if (signature.signer.state !== 'pending') return refusal(409, 'decided');
        signature.signer = {
          ...signature.signer,
          state: 'refused',
          reason: body.reason,
          decided_at: NOW,
        };
        signature.version.signers[1] = signature.signer;
        return reply(refuseSignature, { success: true, request: signature });
      },
      options,
    ),
  ];
}

export const approvalHandlers = createApprovalHandlers();

/** Named approval scenarios (the `approval` key): every note starts at that step. */
export const approval = {
  default: () => createApprovalHandlers(),
  submitted: () => createApprovalHandlers(approvals.submitted),
  refused: () => createApprovalHandlers(approvals.refused),
  signed: () => createApprovalHandlers(approvals.signed),
  final: () => createApprovalHandlers(approvals.final),
  corrected: () => createApprovalHandlers(approvals.corrected),
  /** The signature link was opened by another account than the invited one. */
  wrongAccount: () => createApprovalHandlers(approvals.submitted, 'wrongAccount'),
  /** The signer has already signed. */
  alreadySigned: () => createApprovalHandlers(approvals.signed, signatureRequest('signed')),
  /** Every call fails with `status`. */
  failing: (status = 500) => [
    failWith(getMinutesApproval, status, ErrorCode.SERVER),
    failWith(submitMinutes, status, ErrorCode.SERVER),
    failWith(getSignatureRequest, status, ErrorCode.SERVER),
    failWith(signMinutes, status, ErrorCode.SERVER),
    ...approvalHandlers,
  ],
  slow: (ms = 3_000) =>
    createApprovalHandlers(approvals.draft, signatureRequest(), { latency: ms }),
};
