import { describe, expect, it } from 'vitest';
import type { AvatarPhase } from '../../machines/modify/modify.connect';
import { isAvatarWorking } from '../../src/features/personal/useModify';

describe('the avatar button is busy (isAvatarWorking)', () => {
  it.each<[AvatarPhase, boolean]>([
    ['idle', false],
    ['choosing', true],
    ['cropping', false],
    ['compressing', true],
    ['uploading', true],
    ['failed', false],
  ])('%s: %s', (phase, busy) => {
    expect(isAvatarWorking(phase)).toBe(busy);
  });
});
