import { InfoCreateBody, InfoParams, InfoUpdate, InfoUpdateBody, StartupInfo } from '@dealflow/domain';
import { caseRouteParent } from '../caseItems/routes.ts';
import { defineItemRoutes } from '../items/routes.ts';
import { presentInfoUpdate } from './presenter.ts';
import { getStartupInfo } from '../startupInfo/service.ts';
import * as service from './service.ts';

export const infoUpdateRoutes = defineItemRoutes(caseRouteParent, {
  tag: 'info updates',
  path: 'info',
  names: { one: 'InfoUpdate', many: 'InfoUpdates' },
  summaries: {
    list: 'Info updates of a case, newest first',
    create: 'Post an info update on a case',
    update: 'Edit an info update of a case',
    remove: 'Delete an info update of a case',
  },
  contracts: { item: InfoUpdate, params: InfoParams, create: InfoCreateBody, update: InfoUpdateBody },
  service: service.infoUpdates,
  present: presentInfoUpdate,
  startupList: {
    summary:
      "{id} is the startup's own user id; the answer is that user and its case's stage timeline and coming meetings (`data` is a StartupInfo, not a list)",
    response: StartupInfo,
    handler: getStartupInfo,
  },
});
