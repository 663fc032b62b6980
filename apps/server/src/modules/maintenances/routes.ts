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
  names: { one: 'Maintenance', many: 'Maintenances' },
  summaries: [
    'Post-investment maintenance records of a case, latest date first',
    'Add a maintenance record to a case',
    'Edit a maintenance record of a case',
    'Delete a maintenance record of a case',
  ],
  contracts: {
    item: Maintenance,
    params: MaintenanceParams,
    create: MaintenanceCreateBody,
    update: MaintenanceUpdateBody,
  },
  service: service.maintenances,
  present: presentMaintenance,
});
