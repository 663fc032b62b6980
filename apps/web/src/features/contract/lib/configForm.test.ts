import { DEFAULT_CONTRACT_CONFIG } from '@dealflow/domain';
import { describe, expect, it } from 'vitest';
import {
  caseBody,
  caseFormValues,
  defaultBody,
  defaultFormValues,
  sameConfig,
  writtenTexts,
} from './configForm.ts';

describe('contract configuration form', () => {
  it('gives back the stored default unchanged', () => {
    const stored = { ...DEFAULT_CONTRACT_CONFIG, texts: { 'nda.return': { en: 'Return by {{date}}.' } } };
    expect(sameConfig(defaultBody(defaultFormValues(stored)), stored)).toBe(true);
  });

  it('drops blank texts and trims the party', () => {
    const values = defaultFormValues(DEFAULT_CONTRACT_CONFIG);
    values.party = { name: '  甲方  ', representative: '代表', address: '地址' };
    values.texts = { 'nda.return': { 'zh-TW': '   ', en: 'x' }, 'loi.intent': { 'zh-TW': '' } };
    const body = defaultBody(values);
    expect(body.party.name).toBe('甲方');
    expect(body.texts).toEqual({ 'nda.return': { en: 'x' } });
  });

  it('sends only what a case changes', () => {
    const values = caseFormValues({});
    expect(caseBody(values)).toEqual({});
    values.figures.term_years = 10;
    values.figures.management_fee_percent = null;
    values.texts['coi.truth'] = { en: 'True on {{date}}.' };
    expect(caseBody(values)).toEqual({
      figures: { term_years: 10 },
      texts: { 'coi.truth': { en: 'True on {{date}}.' } },
    });
    expect(writtenTexts(undefined)).toEqual({});
  });

  it('compares configurations whatever the key order', () => {
    expect(sameConfig({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(sameConfig({ a: 1 }, { a: 2 })).toBe(false);
  });
});
