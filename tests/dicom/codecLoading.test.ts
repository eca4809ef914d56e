// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyntaxName } from '../../server/dicom/write/index';
import type * as codecs from '../../src/features/viewer/dicom/codecs/index';
import { loadCodec } from '../../src/features/viewer/dicom/codecs/index';
import { DecodeError } from '../../src/features/viewer/dicom/decoded';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { dicomFile, greySource, ramp } from './images';

// The real loader, watched: which codec each file makes the decoder fetch.
vi.mock('../../src/features/viewer/dicom/codecs/index', async (importOriginal) => {
  const actual = await importOriginal<typeof codecs>();
  return { loadCodec: vi.fn(actual.loadCodec) };
});

const EIGHT_BIT = { bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0 } as const;

describe('codecs load only for the files that need them', () => {
  beforeEach(() => {
    vi.mocked(loadCodec).mockClear();
  });

  it.each(['implicitLittle', 'explicitLittle', 'explicitBig', 'deflated'] as SyntaxName[])('%s loads none', async (syntax) => {
    await decodeFrame(await dicomFile(greySource(EIGHT_BIT, [ramp(0, 255)]), syntax), 0);
    expect(loadCodec).not.toHaveBeenCalled();
  });

  it.each(['jpegBaseline', 'jpegLossless', 'jpegLs', 'jpeg2000', 'rle'] as const)('%s loads its own codec only', async (syntax) => {
    await decodeFrame(await dicomFile(greySource(EIGHT_BIT, [ramp(0, 255)]), syntax), 0);
    expect(vi.mocked(loadCodec).mock.calls).toEqual([[syntax]]);
  });

  it('a codec that cannot be fetched is not the file’s fault: a plain Error, not a DecodeError', async () => {
    vi.mocked(loadCodec).mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    const bytes = await dicomFile(greySource(EIGHT_BIT, [ramp(0, 255)]), 'jpegLs');
    const error: unknown = await decodeFrame(bytes, 0).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(DecodeError);
    await expect(decodeFrame(bytes, 0)).resolves.toMatchObject({ frame: { kind: 'grey' } });
  });
});
