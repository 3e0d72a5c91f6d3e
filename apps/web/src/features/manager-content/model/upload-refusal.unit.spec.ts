import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { sizeOf, uploadRefusalOf } from './upload-refusal';

describe('uploadRefusalOf', () => {
  it("reads a bad manifest's file and line and every problem", () => {
    const error = new ApiError({
      statusCode: 400,
      code: 'app/bed-request',
      details: [
        { path: 'file', code: 'manifest_invalid', message: "imsmanifest.xml:18:36: Expected closing tag 'title'" },
        { path: 'file', code: 'manifest_invalid', message: 'imsmanifest.xml:30:5: no resource res-x' },
      ],
      params: { file: 'imsmanifest.xml', line: 18, column: 36 },
    });
    expect(uploadRefusalOf(error)).toEqual({
      code: 'manifest_invalid',
      lines: ["imsmanifest.xml:18:36: Expected closing tag 'title'", 'imsmanifest.xml:30:5: no resource res-x'],
      where: { file: 'imsmanifest.xml', line: 18 },
    });
  });

  it('reads a zip refusal without a line, and is null for other failures', () => {
    const slip = new ApiError({ statusCode: 400, code: 'app/bed-request', details: [{ path: 'file', code: 'zip_unsafe_path', message: 'invalid relative path: ../evil.htm' }] });
    expect(uploadRefusalOf(slip)).toEqual({ code: 'zip_unsafe_path', lines: ['invalid relative path: ../evil.htm'], where: null });
    expect(uploadRefusalOf(new ApiError({ statusCode: 403, code: '403' }))).toBeNull();
    expect(uploadRefusalOf(new ApiError({ statusCode: 400, code: 'app/bed-request', details: [{ path: 'stationId', code: 'too_small', message: 'x' }] }))).toBeNull();
    expect(uploadRefusalOf(new Error('boom'))).toBeNull();
  });

  it('sizes bytes for the preview', () => {
    expect([sizeOf(512), sizeOf(2048), sizeOf(5 * 1024 * 1024)]).toEqual(['512 B', '2.0 KB', '5.0 MB']);
  });
});
