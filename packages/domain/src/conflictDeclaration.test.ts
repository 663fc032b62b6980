import { describe, expect, it } from 'vitest';
import {
  ConflictDeclaration,
  DEFAULT_CONTRACT_CONFIG,
  contractValues,
  fillConflictClause,
} from './contracts/legalDocs.ts';
import { fillLegalDocument, TEMPLATE_CLAUSES, templateIssues } from './legalTemplates.ts';

/** Issue 13: the COI's declaration is printed in a clause no configuration can rewrite. */
const subject = {
  signerName: '林志明',
  signerEmail: 'lin@example.com',
  companyName: '晨星生技',
  commitmentAmount: null,
  date: '2026-11-27',
};

describe('the COI conflict declaration', () => {
  it('needs a description with a conflict, none without', () => {
    expect(ConflictDeclaration.safeParse({ conflict: true }).success).toBe(false);
    expect(ConflictDeclaration.safeParse({ conflict: true, description: '   ' }).success).toBe(false);
    expect(ConflictDeclaration.safeParse({ conflict: true, description: '持股 3%' }).success).toBe(true);
    expect(ConflictDeclaration.safeParse({ conflict: false }).success).toBe(true);
    expect(ConflictDeclaration.safeParse({ conflict: 'yes' }).success).toBe(false);
    expect(ConflictDeclaration.safeParse({ conflict: false, extra: 1 }).success).toBe(false);
  });

  it('prints the declaration in the fixed clause, whatever the configuration says', () => {
    const config = {
      ...DEFAULT_CONTRACT_CONFIG,
      texts: { 'coi.conflict': { 'zh-TW': '本人無任何衝突。' } },
    };
    const values = contractValues(
      config,
      { ...subject, conflict: { conflict: true, description: '配偶任職於該公司' } },
      'zh-TW',
    );
    const doc = fillLegalDocument('coi', 'zh-TW', values, config.texts);
    const clause = doc.clauses.find((c) => c.key === 'coi.conflict');
    expect(clause?.heading).toBe('聲明事項（利益衝突）');
    expect(clause?.body).toContain('有利益衝突');
    expect(clause?.body).toContain('配偶任職於該公司');
    expect(clause?.body).not.toContain('本人無任何衝突');
    // Not offered to the contract configuration at all.
    expect(TEMPLATE_CLAUSES.has('coi.conflict')).toBe(false);
    expect(TEMPLATE_CLAUSES.has('coi.statement')).toBe(true);
    expect(templateIssues('{{conflict_status}}')).toEqual([]);
  });

  it('fills the clause alone for a declaration made after generation, in both languages', () => {
    expect(fillConflictClause('zh-TW', { conflict: false, description: null }).body).toContain('無利益衝突');
    const en = fillConflictClause('en', { conflict: true, description: 'I advise the company' });
    expect(en.heading).toBe('Declaration (conflict of interest)');
    expect(en.body).toContain('a conflict of interest');
    expect(en.body).toContain('I advise the company');
    // Not declared yet: lines to fill in, never a raw placeholder.
    expect(fillConflictClause('zh-TW', null).body).not.toContain('{{');
  });
});
