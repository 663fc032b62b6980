import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../../shared/i18n/index.ts';
import { contractFieldLabel } from './historyLabel.ts';

describe('contract history labels', () => {
  it('names figures and clause texts', async () => {
    await i18n.changeLanguage('zh-TW');
    const t = i18n.t.bind(i18n);
    expect(contractFieldLabel('figures.management_fee_percent', t, 'zh-TW')).toBe(
      '管理費（每年，認購總額 %）',
    );
    expect(contractFieldLabel('texts.nda.return.en', t, 'zh-TW')).toBe('保密協議・資料返還（英文）');
    expect(contractFieldLabel('texts.loi.opening.zh-TW', t, 'zh-TW')).toBe('投資意向書・前言（中文）');
    expect(contractFieldLabel('figures.nothing', t, 'zh-TW')).toBeNull();
    expect(contractFieldLabel('texts.x.y', t, 'zh-TW')).toBeNull();
  });
});
