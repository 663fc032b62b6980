import {
  CASE_STAGES,
  CLIENT_SHEET_COLUMNS,
  CONTACT_STAGES,
  CURRENCIES,
  MEMBERSHIP_TIERS,
  STAFF_ROLES,
} from '@dealflow/domain';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './index.ts';
import { label, useLabel } from './label.ts';

afterEach(async () => {
  await act(() => changeLanguage('zh-TW'));
});

/** Latin letters outside stage codes (S0–S6, P0–P6). */
const LATIN = /[A-Za-z]{2,}/;

describe('label helper', () => {
  it('names every tier, currency, stage and role in Chinese, with no Latin word', () => {
    const all = [
      ...MEMBERSHIP_TIERS.map((v) => label('membership', v)),
      ...CURRENCIES.map((v) => label('currency', v)),
      ...CASE_STAGES.map((v) => label('caseStage', v)),
      ...CONTACT_STAGES.map((v) => label('contactStage', v)),
      ...STAFF_ROLES.map((v) => label('role', v)),
    ];
    for (const text of all) expect(text).not.toMatch(LATIN);
    expect(label('membership', 'gp')).toBe('普通合夥人');
    expect(label('membership', 'ic')).toBe('投資委員會委員');
    expect(label('currency', 'NTD')).toBe('新臺幣');
    expect(label('commentType', 'invest_comment')).toBe('投資評論');
    expect(label('fundRole', 'lead_angel')).toBe('領投天使');
    expect(label('employeeStatus', 'inactive')).toBe('已停用');
  });

  it('never shows a raw key in zh-TW: an unknown value reads as 「其他…」', () => {
    expect(label('commentType', 'dd_comment')).toBe('其他評論');
    expect(label('currency', 'GBP')).toBe('其他幣別');
    expect(label('membership', 'platinum')).toBe('其他會員等級');
    // Not a key path into other resources either.
    expect(label('commentType', '../roles.admin')).toBe('其他評論');
    expect(label('commentType', null)).toBe('—');
  });

  it('follows the language, in a component too', async () => {
    function Tier() {
      const l = useLabel();
      return <span>{l('membership', 'panel')}</span>;
    }
    render(<Tier />);
    expect(screen.getByText('評審團成員')).toBeTruthy();
    await act(() => changeLanguage('en'));
    expect(screen.getByText('Panel member')).toBeTruthy();
    expect(label('commentType', 'dd_comment')).toBe('dd comment');
  });

  it('names the client spreadsheet columns as the file heads them, in either language', async () => {
    expect(CLIENT_SHEET_COLUMNS.map((c) => label('sheetColumn', c.key)).join('')).not.toMatch(LATIN);
    expect(label('sheetColumn', 'phone')).toBe('電話');
    expect(label('sheetColumn', 'expiry_at')).toBe('會員到期日');
    expect(label('sheetColumn', 'remarks')).toBe('其他欄位');
    await act(() => changeLanguage('en'));
    expect(label('sheetColumn', 'phone')).toBe('Phone');
  });
});
