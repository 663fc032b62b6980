import { InfoCreateBody, InfoParams, InfoUpdate, InfoUpdateBody } from '@dealflow/domain';
import { defineCaseItemRoutes } from '../caseItems/routes.ts';
import { presentInfoUpdate } from './presenter.ts';
import * as service from './service.ts';

export const infoUpdateRoutes = defineCaseItemRoutes({
  tag: 'info updates',
  path: 'info',
  itemParam: 'infoId',
  names: { one: 'InfoUpdate', many: 'InfoUpdates' },
  summaries: {
    list: 'Info updates of a case, newest first',
    create: 'Post an info update on a case',
    update: 'Edit an info update of a case',
    remove: 'Delete an info update of a case',
  },
  contracts: { item: InfoUpdate, params: InfoParams, create: InfoCreateBody, update: InfoUpdateBody },
  service: {
    list: service.listInfoUpdates,
    create: service.createInfoUpdate,
    update: service.updateInfoUpdate,
    remove: service.deleteInfoUpdate,
  },
  present: presentInfoUpdate,
});
