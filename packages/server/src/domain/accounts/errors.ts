import { ErrorCode } from '@protokoll/contract';
import { ApiError } from '../../lib/errors.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const GOOGLE_AUTH_FAILED_MESSAGE = 'Google authentication failed';
export const EMAIL_EXISTS_MESSAGE = 'Email already exists';
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

export function invalidCredentials(): ApiError {
  return new ApiError(401, ErrorCode.INVALID_CREDENTIALS, INVALID_CREDENTIALS_MESSAGE);
}

export function googleAuthFailed(): ApiError {
  return new ApiError(401, ErrorCode.GOOGLE_AUTH_FAILED, GOOGLE_AUTH_FAILED_MESSAGE);
}

export function invalidLink(): ApiError {
  return new ApiError(400, ErrorCode.INVALID_TOKEN, INVALID_LINK_MESSAGE);
}

export function emailExists(): ApiError {
  return new ApiError(409, ErrorCode.EMAIL_EXISTS, EMAIL_EXISTS_MESSAGE);
}
