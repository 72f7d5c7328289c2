import { describe, expect, it } from '@jest/globals';
import { act } from '@testing-library/react';
import { renderHookWithClient } from '@shop/web-testing';
import { useUploadImage } from './upload-image.js';

describe('useUploadImage', () => {
  it('sends the file as the multipart field "image" and answers the plain-text path', async () => {
    const { result, calls } = renderHookWithClient(useUploadImage, { routes: { 'POST /api/upload': { status: 201, text: '/uploads/x.png' } } });
    const file = new Blob(['png'], { type: 'image/png' });

    await act(async () => {
      await expect(result.current.mutateAsync(file)).resolves.toBe('/uploads/x.png');
    });

    expect(calls[0].body).toBeInstanceOf(FormData);
    expect((calls[0].body as FormData).get('image')).toBeInstanceOf(Blob);
  });
});
