import {
  Maintenance,
  MaintenanceCreateBody,
  MaintenanceParams,
  MaintenanceUpdateBody,
} from '@dealflow/domain';
import { defineCaseItemRoutes } from '../caseItems/routes.ts';
import { presentMaintenance } from './presenter.ts';
import * as service from './service.ts';

export const maintenanceRoutes = defineCaseItemRoutes({
  tag: 'maintenances',
  path: 'maintenances',
  itemParam: 'maintId',
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
  service: {
    list: service.listMaintenances,
    create: service.createMaintenance,
    update: service.updateMaintenance,
    remove: service.deleteMaintenance,
  },
  present: presentMaintenance,
});
