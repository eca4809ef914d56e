// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rootFontSizePx } from '../../src/shared/rules/layout';

describe('rootFontSizePx', () => {
  it.each([
    [375, 37.5],
    [414, 41.4],
    [1, 0.1],
    [0, 0],
    [-0, 0], // 0, not -0: no negative zero reaches the style
    [-320, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%s → %s', (width, expected) => {
    expect(rootFontSizePx(width)).toBe(expected);
  });
});
