import { ErrorCode } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { toFailureText, toFieldIssues, withFailureText } from './failure.ts';

describe('toFailureText', () => {
  it('maps an ApiError through the context, with the server code', () => {
    const exists = new ApiError('http', 409, 'folderExists', 'A folder with this name exists');
    expect(toFailureText(exists)).toEqual({ code: ErrorCode.FOLDER_EXISTS });
    expect(toFailureText(new ApiError('http', 401, 'notAuthenticated', 'x'), 'login')).toEqual({
      code: ErrorCode.INVALID_CREDENTIALS,
    });
    expect(toFailureText(new ApiError('timeout', 0, 'timeout', 'x'))).toEqual({
      code: ErrorCode.TIMEOUT,
    });
  });

  it('passes a FailureText through and reads anything else as internal', () => {
    expect(toFailureText({ message: 'Noch 3 Minuten' })).toEqual({ message: 'Noch 3 Minuten' });
    expect(toFailureText({ code: ErrorCode.OFFLINE })).toEqual({ code: ErrorCode.OFFLINE });
    expect(toFailureText({ code: 'noSuchCode' })).toEqual({ code: ErrorCode.INTERNAL });
    expect(toFailureText(new Error('bug'))).toEqual({ code: ErrorCode.INTERNAL });
    expect(toFailureText(new Error('bug'), 'upload')).toEqual({ code: ErrorCode.UPLOAD_FAILED });
  });

  it('reads field issues of a 422 only', () => {
    const issues = [{ path: 'name', message: 'validation.required' }];
    expect(toFieldIssues(new ApiError('http', 422, 'validation', 'x', issues))).toEqual(issues);
    expect(toFieldIssues(new ApiError('http', 400, 'validation', 'x', issues))).toBeUndefined();
  });
});

describe('withFailureText', () => {
  it('rejects with the FailureText of the error and passes a result through', async () => {
    const exists = new ApiError('http', 409, 'folderExists', 'A folder with this name exists');
    await expect(withFailureText(Promise.reject(exists))).rejects.toEqual({
      code: ErrorCode.FOLDER_EXISTS,
    });
    await expect(withFailureText(Promise.resolve(3))).resolves.toBe(3);
  });
});
