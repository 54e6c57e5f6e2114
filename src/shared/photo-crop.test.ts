import { describe, expect, it } from 'vitest';
import { CENTRE_CROP, cropSquare, PhotoCropSchema, photoShapeProblem } from './photo-crop';

describe('cropSquare', () => {
  it.each([
    ['the middle of a wide photo', 1200, 400, CENTRE_CROP, { left: 400, top: 0, size: 400 }],
    ['its left edge', 1200, 400, { x: 0, y: 50, zoom: 1 }, { left: 0, top: 0, size: 400 }],
    ['its right edge', 1200, 400, { x: 100, y: 50, zoom: 1 }, { left: 800, top: 0, size: 400 }],
    ['the bottom of a tall photo', 300, 900, { x: 50, y: 100, zoom: 1 }, { left: 0, top: 600, size: 300 }],
    [
      'a third of a square, zoomed in',
      600,
      600,
      { x: 50, y: 50, zoom: 3 },
      { left: 200, top: 200, size: 200 },
    ],
    ['its top-left corner', 600, 600, { x: 0, y: 0, zoom: 2 }, { left: 0, top: 0, size: 300 }],
  ])('takes %s', (_, width, height, crop, square) => {
    expect(cropSquare(width, height, crop)).toEqual(square);
  });

  it('always stays inside the photo', () => {
    for (const [w, h] of [
      [200, 2000],
      [2000, 200],
      [777, 333],
    ] as const) {
      for (const zoom of [1, 1.37, 3]) {
        for (const x of [0, 33, 100]) {
          const { left, top, size } = cropSquare(w, h, { x, y: 100 - x, zoom });
          expect(left).toBeGreaterThanOrEqual(0);
          expect(top).toBeGreaterThanOrEqual(0);
          expect(left + size).toBeLessThanOrEqual(w);
          expect(top + size).toBeLessThanOrEqual(h);
        }
      }
    }
  });
});

describe('photoShapeProblem', () => {
  it.each([
    [200, 200, null],
    [200, 2000, null],
    [4000, 3000, null],
    [1, 2000, 'The photo is too small: each side must be at least 200 pixels.'],
    [199, 1000, 'The photo is too small: each side must be at least 200 pixels.'],
    [2001, 200, 'The photo is too long and thin: one side may be at most 10 times the other.'],
  ])('%i x %i px: %s', (width, height, problem) => {
    expect(photoShapeProblem(width, height)).toBe(problem);
  });
});

describe('PhotoCropSchema', () => {
  it('takes numbers in range and nothing else', () => {
    expect(PhotoCropSchema.safeParse({ x: 0, y: 100, zoom: 2.5 }).success).toBe(true);
    for (const bad of [
      { x: '50', y: 50, zoom: 1 },
      { x: 50, y: 50, zoom: Number.NaN },
      { x: 50, y: 50, zoom: Number.POSITIVE_INFINITY },
      { x: 50, y: 50 },
      null,
    ]) {
      expect(PhotoCropSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
