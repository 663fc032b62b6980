import { caseItemSuite } from './caseItemSuite.ts';
import { buildInfoUpdate } from './factories.ts';

caseItemSuite({
  path: 'info',
  action: 'info',
  notFound: 'INFO_NOT_FOUND',
  startupSharesList: true,
  build: (db, caseId) => buildInfoUpdate(db, { case_id: caseId }),
  create: { title: 'A 輪完成', content: '募得一億元' },
  created: { title: 'A 輪完成', content: '募得一億元' },
  update: { title: 'A 輪完成交割' },
  updated: { title: 'A 輪完成交割' },
  invalid: [
    [{ content: '沒有標題' }, ['body.title']],
    [{ title: 'x'.repeat(201) }, ['body.title']],
    [{ title: 'x', content: 42 }, ['body.content']],
  ],
});
