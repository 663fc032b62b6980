import { InfoCreateBody, InfoParams, InfoUpdate, InfoUpdateBody } from '@dealflow/domain';
import { defineCaseItemRoutes } from '../caseItems/routes.ts';
import { presentInfoUpdate } from './presenter.ts';
import * as service from './service.ts';

export const infoUpdateRoutes = defineCaseItemRoutes({
  tag: 'info updates',
  path: 'info',
  names: { one: 'InfoUpdate', many: 'InfoUpdates' },
  summaries: [
    'Info updates of a case, newest first',
    'Post an info update on a case',
    'Edit an info update of a case',
    'Delete an info update of a case',
  ],
  contracts: { item: InfoUpdate, params: InfoParams, create: InfoCreateBody, update: InfoUpdateBody },
  service: service.infoUpdates,
  present: presentInfoUpdate,
});
