import {
  CONTRACT_LANGS,
  DEFAULT_CONTRACT_CONFIG,
  LEGAL_DOC_KINDS,
  contractValues,
  fillLegalDocument,
} from '@dealflow/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderLegalDocumentInThisThread, toChineseNumber, wrapText } from './legalDocument.ts';
import { runPdfJob } from './pool.ts';
import { extractText, pdfFontsEmbedded } from './text.ts';

const subject = {
  signerName: '林小華',
  signerEmail: 'hua@example.com',
  companyName: '星河生技股份有限公司',
  commitmentAmount: 3_000_000,
  date: '2026-11-26',
};
const meta = (reference: string) => ({
  reference,
  signerName: '林小華',
  partyName: DEFAULT_CONTRACT_CONFIG.party.name,
  createdAt: new Date('2026-11-26T00:00:00Z'),
});
/** Extracted text without the spaces pdf.js puts between positioned runs. */
const flat = (pages: string[]) => pages.join('').replace(/\s+/g, '');

describe('legal document PDF', () => {
  it('writes every kind in both languages with the text extractable and every font embedded', async () => {
    for (const kind of LEGAL_DOC_KINDS) {
      for (const lang of CONTRACT_LANGS) {
        const doc = fillLegalDocument(kind, lang, contractValues(DEFAULT_CONTRACT_CONFIG, subject, lang));
        const pdf = await renderLegalDocumentInThisThread(doc, meta(`${kind.toUpperCase()}-000001`));
        expect(await pdfFontsEmbedded(pdf), `${kind} ${lang}`).toBe(true);
        const text = flat(await extractText(pdf));
        expect(text).toContain(doc.title.replace(/\s+/g, ''));
        for (const clause of doc.clauses)
          expect(text).toContain(clause.body.replace(/\s+/g, '').slice(0, 30));
        expect(text).toContain('林小華');
        expect(text).toContain(`${kind.toUpperCase()}-000001`);
      }
    }
  }, 120_000);

  it('puts the NDA clauses of SPEC section 9 on paper in Chinese', async () => {
    const doc = fillLegalDocument('nda', 'zh-TW', contractValues(DEFAULT_CONTRACT_CONFIG, subject, 'zh-TW'));
    const text = flat(await extractText(await runPdfJob({ op: 'legal', doc, meta: meta('NDA-000002') })));
    expect(text).toContain('保密協議書');
    expect(text).toContain('第三條');
    expect(text).toContain('本協議之保密義務自本協議生效日起5年內有效');
    expect(text).toContain('由3名仲裁人組成仲裁庭，於臺北市進行仲裁');
    expect(text).toContain('第1頁，共1頁');
  });

  it('continues a long clause on the next page and numbers the pages', async () => {
    const long = '投資新創事業具高度風險。'.repeat(400);
    const values = contractValues(DEFAULT_CONTRACT_CONFIG, subject, 'zh-TW');
    const doc = fillLegalDocument('coi', 'zh-TW', values, { 'coi.statement': { 'zh-TW': long } });
    const pdf = await renderLegalDocumentInThisThread(doc, meta('COI-000003'));
    const pages = await extractText(pdf);
    expect(pages.length).toBeGreaterThan(2);
    expect(flat(pages)).toContain(`第${pages.length}頁，共${pages.length}頁`);
    // Nothing was lost between pages (the footers aside).
    const body = flat(pages).replace(/COI-000003第\d+頁，共\d+頁/g, '');
    expect(body.split('投資新創事業具高度風險。').length - 1).toBe(400);
  });

  it('wraps at CJK characters and Latin spaces, keeping closing punctuation on its line', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const lines = wrapText('The quick brown fox jumps over the lazy dog again and again', font, 12, 100);
    expect(lines.every((l) => font.widthOfTextAtSize(l, 12) <= 100)).toBe(true);
    expect(lines.join(' ')).toBe('The quick brown fox jumps over the lazy dog again and again');
    const cut = wrapText('x'.repeat(200), font, 12, 100);
    expect(cut.join('')).toBe('x'.repeat(200));
    expect(toChineseNumber(1)).toBe('一');
    expect(toChineseNumber(10)).toBe('十');
    expect(toChineseNumber(12)).toBe('十二');
    expect(toChineseNumber(20)).toBe('二十');
    expect(toChineseNumber(35)).toBe('三十五');
  });
});
