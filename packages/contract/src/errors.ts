/**
 * Error texts as stable codes (docs/errors.md#error-codes). The value is the i18n key under
 * `errors.` in locales/{de,en}.json; the English text there is the fixed wording, to the letter.
 */
export const ErrorCode = {
  TIMEOUT: 'timeout',
  OFFLINE: 'offline',
  SERVER: 'server',
  TOO_MANY_ATTEMPTS: 'tooManyAttempts',
  GOOGLE_AUTH_FAILED: 'googleAuthFailed',
  INVALID_CREDENTIALS: 'invalidCredentials',
  LOGIN_FAILED: 'loginFailed',
  PLAN_NOT_FOUND: 'planNotFound',
  AUTH_FAILED: 'authFailed',
  CHECKOUT_FAILED: 'checkoutFailed',
  NO_STRIPE_CUSTOMER: 'noStripeCustomer',
  PORTAL_FAILED: 'portalFailed',
  EMAIL_EXISTS: 'emailExists',
  INVALID_INPUT: 'invalidInput',
  REGISTRATION_FAILED: 'registrationFailed',
  UPLOAD_FAILED: 'uploadFailed',
  UPLOAD_REQUIRES_FORM_DATA: 'uploadRequiresFormData',
  UPDATE_USER_FAILED: 'updateUserFailed',
  DELETE_ACCOUNT_FAILED: 'deleteAccountFailed',
  TRANSCRIPTION_FAILED: 'transcriptionFailed',
  FOLDER_CREATE_FAILED: 'folderCreateFailed',
  FOLDER_UPDATE_FAILED: 'folderUpdateFailed',
  FOLDER_DELETE_FAILED: 'folderDeleteFailed',
  FOLDER_NAME_REQUIRED: 'folderNameRequired',
  FOLDER_ID_REQUIRED: 'folderIdRequired',
  NOT_AUTHENTICATED: 'notAuthenticated',
  PAGE_NOT_FOUND: 'pageNotFound',
  NOT_FOUND: 'notFound',
  // Codes for this product's own calls and rules; their texts may be reworded.
  INVALID_TOKEN: 'invalidToken',
  WRONG_PASSWORD: 'wrongPassword',
  INSUFFICIENT_MINUTES: 'insufficientMinutes',
  FILE_TOO_LONG: 'fileTooLong',
  UNSUPPORTED_AUDIO: 'unsupportedAudio',
  PREMIUM_REQUIRED: 'premiumRequired',
  TRANSCRIPTION_UNAVAILABLE: 'transcriptionUnavailable',
  SUMMARY_FAILED: 'summaryFailed',
  PAYMENTS_DISABLED: 'paymentsDisabled',
  SUBSCRIPTION_EXISTS: 'subscriptionExists',
  FOLDER_EXISTS: 'folderExists',
  NOTE_NOT_READY: 'noteNotReady',
  CONFLICT: 'conflict',
  TOO_MANY_OPEN_UPLOADS: 'tooManyOpenUploads',
  TEAM_PLAN_REQUIRED: 'teamPlanRequired',
  TEAM_FULL: 'teamFull',
  TEAM_SELF_INVITE: 'teamSelfInvite',
  TEAM_ALREADY_MEMBER: 'teamAlreadyMember',
  TEAM_OTHER_TEAM: 'teamOtherTeam',
  TEAM_OWNS_TEAM: 'teamOwnsTeam',
  TEAM_INVITER_IN_OTHER_TEAM: 'teamInviterInOtherTeam',
  INVITATION_EXPIRED: 'invitationExpired',
  INVITATION_USED: 'invitationUsed',
  INVITATION_WRONG_ACCOUNT: 'invitationWrongAccount',
  VALIDATION: 'validation',
  INTERNAL: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodes = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

/** What went wrong with a call, as the client sees it. */
export type Failure =
  | { kind: 'timeout' }
  | { kind: 'offline' }
  | {
      kind: 'http';
      status: number;
      /** The server's error code (`ErrorBody.code`), when it sent one. */
      code?: string | undefined;
      message?: string | undefined;
    }
  | { kind: 'invalid-response' };

/** Context that decides which text a failure gets (docs/errors.md#texts-by-context). */
export type FailureContext =
  'login' | 'googleLogin' | 'register' | 'checkout' | 'portal' | 'upload' | 'generic';

const DEFAULTS: Record<FailureContext, ErrorCode> = {
  login: ErrorCode.LOGIN_FAILED,
  googleLogin: ErrorCode.LOGIN_FAILED,
  register: ErrorCode.REGISTRATION_FAILED,
  checkout: ErrorCode.CHECKOUT_FAILED,
  portal: ErrorCode.PORTAL_FAILED,
  upload: ErrorCode.UPLOAD_FAILED,
  generic: ErrorCode.INTERNAL,
};

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

/** Whether a server code has a text of its own in `errors.*`. */
export function isErrorCode(code: string | undefined): code is ErrorCode {
  return code !== undefined && knownCodes.has(code);
}

/**
 * Upload refusals the server words itself in the request's language, because they carry numbers
 * (length, cost, what is left, the size limit): shown as sent. Every other upload code has a
 * fixed text the client translates.
 */
const UPLOAD_CLIENT_WORDED: ReadonlySet<string> = new Set([
  ErrorCode.VALIDATION,
  ErrorCode.NOT_FOUND,
  ErrorCode.NOT_AUTHENTICATED,
  ErrorCode.UPLOAD_REQUIRES_FORM_DATA,
  ErrorCode.INTERNAL,
]);

/**
 * What a failure reads as: a code (translated through `errors.*`), or the server's own text
 * (login's "otherwise the server message", and upload refusals the server worded). The one
 * shape every screen takes as its `error` prop.
 */
export type FailureText = { code: ErrorCode } | { message: string };

/**
 * Which text a failed call shows, by context (docs/errors.md). The one path from a failure to its
 * text: the app turns every thrown error into a `FailureText` here; screens only translate it.
 * `generic` answers `internal` when nothing more specific is known, which a screen may replace
 * with its own wording of the failed action.
 */
export function describeFailure(context: FailureContext, failure: Failure): FailureText {
  if (context === 'upload') return describeUploadFailure(failure);
  if (failure.kind === 'timeout') return { code: ErrorCode.TIMEOUT };
  if (failure.kind === 'offline') return { code: ErrorCode.OFFLINE };
  if (failure.kind === 'invalid-response') return { code: DEFAULTS[context] };
  const { status, message } = failure;
  if (context === 'checkout' || context === 'portal') {
    // Refusals of this product that the error catalogue does not name (docs/errors.md#texts-by-context): their own text, not the default.
    if (failure.code === ErrorCode.PAYMENTS_DISABLED) return { code: ErrorCode.PAYMENTS_DISABLED };
    if (status === 409 && failure.code === ErrorCode.SUBSCRIPTION_EXISTS) {
      return { code: ErrorCode.SUBSCRIPTION_EXISTS };
    }
  }
  if (status >= 500) return { code: ErrorCode.SERVER };
  switch (context) {
    case 'login':
    case 'googleLogin':
      if (status === 401)
        return {
          code:
            context === 'googleLogin'
              ? ErrorCode.GOOGLE_AUTH_FAILED
              : ErrorCode.INVALID_CREDENTIALS,
        };
      if (status === 429) return { code: ErrorCode.TOO_MANY_ATTEMPTS };
      return message ? { message } : { code: ErrorCode.LOGIN_FAILED };
    case 'register':
      if (status === 409) return { code: ErrorCode.EMAIL_EXISTS };
      if (status === 422) return { code: ErrorCode.INVALID_INPUT };
      if (status === 429) return { code: ErrorCode.TOO_MANY_ATTEMPTS };
      return { code: ErrorCode.REGISTRATION_FAILED };
    case 'checkout':
    case 'portal':
      if (status === 404) return { code: ErrorCode.PLAN_NOT_FOUND };
      if (status === 401) return { code: ErrorCode.AUTH_FAILED };
      if (context === 'portal' && status === 400) return { code: ErrorCode.NO_STRIPE_CUSTOMER };
      return { code: DEFAULTS[context] };
    case 'generic':
      if (status === 401) return { code: ErrorCode.NOT_AUTHENTICATED };
      if (status === 404) return { code: ErrorCode.NOT_FOUND };
      if (status === 429) return { code: ErrorCode.TOO_MANY_ATTEMPTS };
      // The server's own message is English; a known code reads in the interface language.
      if (isErrorCode(failure.code) && failure.code !== ErrorCode.VALIDATION) {
        return { code: failure.code };
      }
      return { code: ErrorCode.INTERNAL };
  }
}

/** Upload: "Upload failed" or the refusal the server worded (docs/errors.md#upload-failures). */
function describeUploadFailure(failure: Failure): FailureText {
  if (failure.kind !== 'http' || failure.status >= 500) return { code: ErrorCode.UPLOAD_FAILED };
  const { status, code, message } = failure;
  if (isErrorCode(code) && UPLOAD_CLIENT_WORDED.has(code)) return { code };
  // 413 words the size limit; any other "upload failed" (a broken body) has the fixed text.
  if (code === ErrorCode.UPLOAD_FAILED && status !== 413) return { code: ErrorCode.UPLOAD_FAILED };
  return message ? { message } : { code: ErrorCode.UPLOAD_FAILED };
}

/**
 * A note's stored failure (`note.error`, an `errors.*` key written by the worker) as a
 * `FailureText`; `undefined` when there is none or the key is not an error code.
 */
export function noteFailure(key: string | null | undefined): FailureText | undefined {
  const code = key?.startsWith('errors.') ? key.slice('errors.'.length) : undefined;
  return isErrorCode(code) ? { code } : undefined;
}

/** Whether a value (a promise's rejection, say) is already a `FailureText`. */
export function isFailureText(value: unknown): value is FailureText {
  if (typeof value !== 'object' || value === null || value instanceof Error) return false;
  const record = value as Record<string, unknown>;
  return isErrorCode(record.code as string | undefined) || typeof record.message === 'string';
}
