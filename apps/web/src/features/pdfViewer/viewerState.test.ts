import { describe, expect, it } from 'vitest';
import {
  clampPage,
  FIT_WIDTH,
  MIN_PAGE_WIDTH,
  nextZoom,
  pageWidthFor,
  viewerKey,
  ZOOM_STEPS,
} from './viewerState.ts';

describe('viewer rules', () => {
  it('keeps the page inside the document', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(3.7, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });

  it('zooms in and out by steps around fit to width, and stops at the ends', () => {
    expect(nextZoom(FIT_WIDTH, 'in')).toBe(1.25);
    expect(nextZoom(FIT_WIDTH, 'out')).toBe(0.75);
    expect(nextZoom(ZOOM_STEPS[ZOOM_STEPS.length - 1]!, 'in')).toBe(3);
    expect(nextZoom(ZOOM_STEPS[0], 'out')).toBe(0.5);
    expect(nextZoom(1.1, 'in')).toBe(1.25);
    expect(nextZoom(1.1, 'out')).toBe(1);
  });

  it('draws the page as wide as the room at fit to width (a 390 px phone), never narrower than the minimum', () => {
    expect(pageWidthFor(358, FIT_WIDTH)).toBe(358);
    expect(pageWidthFor(358, 2)).toBe(716);
    expect(pageWidthFor(100, 0.5)).toBe(MIN_PAGE_WIDTH);
    expect(pageWidthFor(-5, 1)).toBe(MIN_PAGE_WIDTH);
  });

  it('reads ←/→ as page turns and +/−/0 as zoom', () => {
    expect(viewerKey('ArrowLeft')).toBe('previous');
    expect(viewerKey('ArrowRight')).toBe('next');
    expect(viewerKey('+')).toBe('zoomIn');
    expect(viewerKey('-')).toBe('zoomOut');
    expect(viewerKey('0')).toBe('fit');
    expect(viewerKey('a')).toBeNull();
  });
});
