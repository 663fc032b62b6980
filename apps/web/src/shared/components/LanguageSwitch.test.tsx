import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/index.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

afterEach(async () => {
  await act(() => changeLanguage('zh-TW'));
});

describe('LanguageSwitch', () => {
  it('is a labelled radio group whose choice changes the language', async () => {
    render(<LanguageSwitch />);
    const group = screen.getByRole('radiogroup', { name: '語言' });
    const zh = screen.getByRole('radio', { name: '繁中' }) as HTMLInputElement;
    const en = screen.getByRole('radio', { name: 'EN' }) as HTMLInputElement;
    expect(group.contains(en)).toBe(true);
    expect(zh.checked).toBe(true);
    fireEvent.click(en);
    expect(await screen.findByRole('radiogroup', { name: 'Language' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'EN' }) as HTMLInputElement).checked).toBe(true);
  });
});
