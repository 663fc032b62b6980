import {
  ShareholderHistory,
  ShareholderHistoryCreateBody,
  ShareholderHistoryParams,
  ShareholderHistoryUpdateBody,
} from '@dealflow/domain';
import { caseRouteParent } from '../caseItems/routes.ts';
import { defineItemRoutes } from '../items/routes.ts';
import { presentShareholderHistory } from './presenter.ts';
import * as service from './service.ts';

export const shareholderRoutes = defineItemRoutes(caseRouteParent, {
  tag: 'shareholders',
  path: 'shareholders',
  names: { one: 'ShareholderHistory', many: 'ShareholderHistories' },
  summaries: {
    list: 'Shareholder history of a case, newest first',
    create: 'Record the shareholders of a case at one point (title and list of shareholders)',
    update: 'Edit a shareholder history entry (the list is replaced as a whole)',
    remove: 'Delete a shareholder history entry of a case',
  },
  contracts: {
    item: ShareholderHistory,
    params: ShareholderHistoryParams,
    create: ShareholderHistoryCreateBody,
    update: ShareholderHistoryUpdateBody,
  },
  service: service.shareholderHistories,
  present: presentShareholderHistory,
});
