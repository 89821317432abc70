import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { sanitizeErrorText, uploadFailure } from './upload-errors';

describe('upload error messages', () => {
  it("says 'File too large. Maximum size: 50MB.' when the size is exceeded", () => {
    expect(uploadFailure(new ApiError(413, 'FILE_TOO_LARGE', 'x')).description).toEqual({
      key: 'imagePicker.tooLarge',
    });
    expect(uploadFailure(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'x')).description).toEqual({
      key: 'imagePicker.tooLarge',
    });
  });

  it("says 'File type not allowed.' for a type the server does not take", () => {
    expect(uploadFailure(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'x')).description).toEqual({
      key: 'imagePicker.typeNotAllowed',
    });
  });

  it("shows 'Invalid file' with the server's reason for a refused file", () => {
    expect(uploadFailure(new ApiError(400, 'INVALID_FILE', 'Image illisible ou endommagée.'))).toEqual({
      title: 'imagePicker.invalidFile',
      description: { text: 'Image illisible ou endommagée.' },
    });
  });

  it("says 'Connection error. Please try again.' on network failure or timeout", () => {
    expect(uploadFailure(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch')).description).toEqual({
      key: 'imagePicker.connection',
    });
    expect(uploadFailure(new DOMException('slow', 'TimeoutError')).description).toEqual({
      key: 'imagePicker.connection',
    });
    expect(uploadFailure(new ApiError(504, 'INTERNAL_ERROR', 'x')).description).toEqual({
      key: 'imagePicker.connection',
    });
  });

  it('asks to sign in again on an authorisation failure, and says sign-in is required on 401', () => {
    expect(uploadFailure(new ApiError(403, 'FORBIDDEN_ORIGIN', 'x')).description).toEqual({
      key: 'imagePicker.authorization',
    });
    expect(uploadFailure(new ApiError(401, 'UNAUTHENTICATED', 'x'))).toEqual({
      title: 'errors.UNAUTHENTICATED',
      description: { key: 'imagePicker.authRequiredDescription' },
    });
  });

  it("falls back to 'Error uploading the image.' otherwise", () => {
    expect(uploadFailure(new ApiError(500, 'INTERNAL_ERROR', 'x')).description).toEqual({
      key: 'imagePicker.uploadFailed',
    });
    expect(uploadFailure(new TypeError('x')).description).toEqual({ key: 'imagePicker.uploadFailed' });
  });

  it('shows the reason a URL import failed, sanitised', () => {
    const error = new ApiError(422, 'IMAGE_FETCH_FAILED', 'Cannot reach 10.0.0.5 with token abc');
    expect(uploadFailure(error).description).toEqual({ text: 'Cannot reach [IP] with [REDACTED] abc' });
  });

  it('sanitises error text: IPs, long tokens, secret words, 200 characters at most', () => {
    expect(sanitizeErrorText('from 192.168.1.20 and fe80::1 and 2001:db8:0:0:0:0:0:1')).toBe(
      'from [IP] and [IP] and [IP]',
    );
    expect(sanitizeErrorText('sig=QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWY= ok')).toBe('sig=[TOKEN] ok');
    expect(sanitizeErrorText('bad Password or secret KEY')).toBe('bad [REDACTED] or [REDACTED] [REDACTED]');
    expect(sanitizeErrorText('it is 10:30 now')).toBe('it is 10:30 now');
    expect(sanitizeErrorText('x'.repeat(20) + ' ' + 'y '.repeat(200))).toHaveLength(200);
  });
});
