import {
  ShareholderHistory,
  ShareholderHistoryCreateBody,
  ShareholderHistoryParams,
  ShareholderHistoryUpdateBody,
} from '@dealflow/domain';
import { defineCaseItemRoutes } from '../caseItems/routes.ts';
import { presentShareholderHistory } from './presenter.ts';
import * as service from './service.ts';

export const shareholderRoutes = defineCaseItemRoutes({
  tag: 'shareholders',
  path: 'shareholders',
  names: { one: 'ShareholderHistory', many: 'ShareholderHistories' },
  summaries: [
    'Shareholder history of a case, newest first',
    'Record the shareholders of a case at one point (title and list of shareholders)',
    'Edit a shareholder history entry (the list is replaced as a whole)',
    'Delete a shareholder history entry of a case',
  ],
  contracts: {
    item: ShareholderHistory,
    params: ShareholderHistoryParams,
    create: ShareholderHistoryCreateBody,
    update: ShareholderHistoryUpdateBody,
  },
  service: service.shareholderHistories,
  present: presentShareholderHistory,
});
