import {
  Maintenance,
  MaintenanceCreateBody,
  MaintenanceParams,
  MaintenanceUpdateBody,
} from '@dealflow/domain';
import { caseRouteParent } from '../caseItems/routes.ts';
import { defineItemRoutes } from '../items/routes.ts';
import { presentMaintenance } from './presenter.ts';
import * as service from './service.ts';

export const maintenanceRoutes = defineItemRoutes(caseRouteParent, {
  tag: 'maintenances',
  path: 'maintenances',
  names: { one: 'Maintenance', many: 'Maintenances' },
  summaries: {
    list: 'Post-investment maintenance records of a case, latest date first',
    create: 'Add a maintenance record to a case',
    update: 'Edit a maintenance record of a case',
    remove: 'Delete a maintenance record of a case',
  },
  contracts: {
    item: Maintenance,
    params: MaintenanceParams,
    create: MaintenanceCreateBody,
    update: MaintenanceUpdateBody,
  },
  service: service.maintenances,
  present: presentMaintenance,
});
