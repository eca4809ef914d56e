import { describe, expect, it } from 'vitest';
import type { FeedbackDraft, FeedbackImage } from '../../machines/feedback/feedback.types';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGES_MAX_BYTES } from '../../src/shared/api/helpSchemas';
import { feedbackForm } from '../../src/features/help/feedbackCalls';

/** A compressed image as the draft keeps it: a small JPEG data URL. */
const JPEG_DATA_URL = `data:image/jpeg;base64,${btoa('compressed-jpeg')}`;
const image = (id: string, dataUrl = JPEG_DATA_URL): FeedbackImage => ({ id, dataUrl, bytes: 15, hasOriginal: true });

const draft = (quality: FeedbackDraft['quality'], images: FeedbackImage[]): FeedbackDraft => ({
  clientId: '4f1c2a9e-7b0d-4c55-9a3e-2f8d6b1e0c71',
  typeId: null,
  content: '  the viewer is slow on my phone  ',
  contact: ' 13800000001 ',
  images,
  quality,
});

const sent = (form: FormData) => form.getAll('images') as File[];

describe('the feedback body (feedbackForm)', () => {
  it('sends the trimmed text parts, and the compressed images unless originals are asked for', () => {
    const original = new File(['original-png-bytes'], 'IMG_0001.png', { type: 'image/png' });
    const form = feedbackForm(draft('compressed', [image('a')]), new Map([['a', original]]));
    expect(form.get('content')).toBe('the viewer is slow on my phone');
    expect(form.get('contact')).toBe('13800000001');
    expect(form.get('typeId')).toBe('');
    const [file] = sent(form);
    expect(file).toMatchObject({ name: 'feedback-1.jpg', type: 'image/jpeg', size: 'compressed-jpeg'.length });
  });

  it('sends the original, with its own name, when originals are asked for and it is in memory', () => {
    const original = new File(['original-png-bytes'], 'IMG_0001.png', { type: 'image/png' });
    const [file] = sent(feedbackForm(draft('original', [image('a')]), new Map([['a', original]])));
    expect(file).toMatchObject({ name: 'IMG_0001.png', type: 'image/png', size: original.size });
  });

  it.each([
    ['too large for the server', new File([new Uint8Array(FEEDBACK_IMAGE_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' })],
    ['of a type the server refuses (HEIC)', new File(['heic'], 'IMG_0002.heic', { type: 'image/heic' })],
    ['gone after a reload', undefined],
  ])('falls back to the compressed image for an original %s', (_why, original) => {
    const originals = new Map<string, Blob>(original ? [['a', original]] : []);
    const [file] = sent(feedbackForm(draft('original', [image('a')]), originals));
    expect(file).toMatchObject({ name: 'feedback-1.jpg', type: 'image/jpeg', size: 'compressed-jpeg'.length });
  });

  it('sends originals in order while all the images together stay within FEEDBACK_IMAGES_MAX_BYTES; the rest go compressed', () => {
    const original = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
    const big = FEEDBACK_IMAGE_MAX_BYTES;
    // Two originals of 10 MB fit with the compressed third; a third original would not.
    const originals = new Map<string, Blob>([
      ['a', original('a.jpg', big)],
      ['b', original('b.jpg', big)],
      ['c', original('c.jpg', FEEDBACK_IMAGES_MAX_BYTES - 2 * big)],
      ['d', original('d.jpg', 1000)],
    ]);
    const files = sent(feedbackForm(draft('original', [image('a'), image('b'), image('c'), image('d')]), originals));
    expect(files.map((file) => file.name)).toEqual(['a.jpg', 'b.jpg', 'feedback-3.jpg', 'd.jpg']);
    expect(files.reduce((sum, file) => sum + file.size, 0)).toBeLessThanOrEqual(FEEDBACK_IMAGES_MAX_BYTES);
  });

  it('leaves out an image whose kept copy cannot be read, and names the rest by their place', () => {
    const files = sent(feedbackForm(draft('compressed', [image('a', 'data:image/jpeg;base64,@@not base64@@'), image('b')]), new Map()));
    expect(files.map((file) => file.name)).toEqual(['feedback-2.jpg']);
  });
});
