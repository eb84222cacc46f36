/**
 * SPEC §8 error texts as stable codes. The value is the i18n key under `errors.` in
 * locales/{de,en}.json; the English text there is the SPEC wording, to the letter.
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
  // Codes the server needs for calls and rules PRODUCT.md adds; their texts are ours, not SPEC's.
  INVALID_TOKEN: 'invalidToken',
  WRONG_PASSWORD: 'wrongPassword',
  INSUFFICIENT_MINUTES: 'insufficientMinutes',
  FILE_TOO_LONG: 'fileTooLong',
  UNSUPPORTED_AUDIO: 'unsupportedAudio',
  PREMIUM_REQUIRED: 'premiumRequired',
  TRANSCRIPTION_UNAVAILABLE: 'transcriptionUnavailable',
  SUMMARY_FAILED: 'summaryFailed',
  PAYMENTS_DISABLED: 'paymentsDisabled',
  FOLDER_EXISTS: 'folderExists',
  NOTE_NOT_READY: 'noteNotReady',
  VALIDATION: 'validation',
  INTERNAL: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodes = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

/** What went wrong with a call, as the client sees it. */
export type Failure =
  | { kind: 'timeout' }
  | { kind: 'offline' }
  | { kind: 'http'; status: number; message?: string | undefined }
  | { kind: 'invalid-response' };

/** Context that decides which SPEC §8 text a failure gets. */
export type FailureContext =
  'login' | 'googleLogin' | 'register' | 'checkout' | 'portal' | 'generic';

const DEFAULTS: Record<FailureContext, ErrorCode> = {
  login: ErrorCode.LOGIN_FAILED,
  googleLogin: ErrorCode.LOGIN_FAILED,
  register: ErrorCode.REGISTRATION_FAILED,
  checkout: ErrorCode.CHECKOUT_FAILED,
  portal: ErrorCode.PORTAL_FAILED,
  generic: ErrorCode.INTERNAL,
};

/** The result of mapping a failure: a code, or (SPEC "otherwise the server message") the server's own text. */
export type FailureText = { code: ErrorCode } | { message: string };

/** SPEC §8: which text a failed call shows, by context. */
export function describeFailure(context: FailureContext, failure: Failure): FailureText {
  if (failure.kind === 'timeout') return { code: ErrorCode.TIMEOUT };
  if (failure.kind === 'offline') return { code: ErrorCode.OFFLINE };
  if (failure.kind === 'invalid-response') return { code: DEFAULTS[context] };
  const { status, message } = failure;
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
      return message ? { message } : { code: ErrorCode.INTERNAL };
  }
}
