import { caseItemSuite } from './caseItemSuite.ts';
import { buildShareholderHistory } from './factories.ts';

caseItemSuite({
  path: 'shareholders',
  action: 'shareholders',
  notFound: 'SHAREHOLDER_HISTORY_NOT_FOUND',
  build: (db, caseId) => buildShareholderHistory(db, { case_id: caseId }),
  create: {
    title: 'A 輪後',
    shareholders: [
      { name: '創辦人', shares: 600000 },
      { name: '天使基金', shares: 150000.5 },
    ],
  },
  created: {
    title: 'A 輪後',
    shareholders: [
      { name: '創辦人', shares: 600000 },
      { name: '天使基金', shares: 150000.5 },
    ],
  },
  update: { shareholders: [{ name: '創辦人', shares: 0 }] },
  updated: { shareholders: [{ name: '創辦人', shares: 0 }] },
  invalid: [
    [{ shareholders: [{ name: 'x', shares: 1 }] }, ['body.title']],
    [{ title: 'x', shareholders: [] }, ['body.shareholders']],
    [
      { title: 'x', shareholders: [{ name: '', shares: -1 }, { name: 'y' }] },
      ['body.shareholders.0.name', 'body.shareholders.0.shares', 'body.shareholders.1.shares'],
    ],
    [{ title: 'x', shareholders: [{ name: 'y', shares: '100' }] }, ['body.shareholders.0.shares']],
  ],
});
