import { describe, expect, it } from 'vitest';
import { textProblem } from './text.ts';

describe('textProblem', () => {
  it.each([
    ['', null],
    ['plain text', null],
    ['台北市信義區', null],
    ['emoji 😀 pair', null],
    ['\uD83D\uDE00', null],
    ['tab\tand newline\n', null],
    ['a\u0000b', 'nul'],
    ['\u0000', 'nul'],
    ['lone high \uD800', 'surrogate'],
    ['\uDC00 lone low', 'surrogate'],
    ['reversed \uDE00\uD83D', 'surrogate'],
    ['high then text \uD83Dx', 'surrogate'],
    ['both \uD800\u0000', 'nul'],
  ])('%j → %s', (value, expected) => {
    expect(textProblem(value)).toBe(expected);
  });
});
