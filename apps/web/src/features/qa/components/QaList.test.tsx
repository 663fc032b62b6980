import type { QaEntry } from '@dealflow/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../shared/i18n/index.ts';
import { moved } from './QaEditor.tsx';
import { groupByCategory, QaList } from './QaList.tsx';

const entry = (
  id: number,
  question: string,
  category: string | null,
  answer = `${question} 的回答`,
): QaEntry => ({
  id,
  question,
  answer,
  category,
  position: id,
  published: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

describe('the investor Q&A list', () => {
  it('groups entries by category in the order their first entry comes', () => {
    const groups = groupByCategory([entry(1, 'a', '帳號'), entry(2, 'b', null), entry(3, 'c', '帳號')]);
    expect(groups.map((g) => [g.category, g.entries.map((e) => e.id)])).toEqual([
      ['帳號', [1, 3]],
      [null, [2]],
    ]);
  });

  it('shows questions folded, and a search opens its answers with the words marked', () => {
    const entries = [entry(1, '如何變更密碼？', '帳號', '點選鑰匙圖示變更密碼。')];
    const { rerender, container } = render(<QaList entries={entries} term="" />);
    expect(screen.getByRole('button', { name: /如何變更密碼/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('heading', { name: '帳號' })).toBeTruthy();
    rerender(<QaList entries={entries} term="密碼" />);
    expect(screen.getByRole('button', { name: /如何變更密碼/ }).getAttribute('aria-expanded')).toBe('true');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['密碼', '密碼']);
  });

  it('has no category headings when no entry has a category', () => {
    render(<QaList entries={[entry(1, 'Q', null)]} term="" />);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('moving an entry in the editor', () => {
  it('swaps it with its neighbour, and not past either end', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
