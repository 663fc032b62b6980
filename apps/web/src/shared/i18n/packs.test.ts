import { describe, expect, it } from 'vitest';
import { staffEn } from './staff.en.ts';
import { staffZhTW } from './staff.zh-TW.ts';
import { en } from './en.ts';
import { zhTW } from './zh-TW.ts';

// The source of what a guest or an investor reaches: the staff's words are not loaded there.
const sources = import.meta.glob<string>(
  [
    '../../features/{auth,registration,account,investor-area,investorCases,investorHome,investorIndustry,tour,qa,contract,legalDocs,pdfViewer,dataRoom,platform}/**/*.{ts,tsx}',
    '../../app/layouts/{InvestorLayout,InvestorNav,ChangePasswordLayout,EmptyLayout,GuestLayout,RootShell}.tsx',
    '../../app/{chrome,guards}/*.{ts,tsx}',
    '../{api,components,hooks,files,fields,navigation,reference,live,a11y}/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
  ],
  { query: '?raw', import: 'default', eager: true },
);

describe('word packs', () => {
  it('keep the staff words apart from the words every page has, in both languages', () => {
    const staff = Object.keys(staffZhTW);
    expect(staff.filter((ns) => ns in zhTW)).toEqual([]);
    expect(Object.keys(staffEn).sort()).toEqual([...staff].sort());
    expect(staff.filter((ns) => ns in en)).toEqual([]);
  });

  it('the pages a guest or an investor reaches use no staff word (that pack is not loaded there)', () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(50);
    const uses = new RegExp(`['"\`](${Object.keys(staffZhTW).join('|')})\\.`);
    const offenders = files.filter((file) => uses.test(sources[file] ?? ''));
    expect(offenders).toEqual([]);
  });
});
