import type { MaintenanceCreateBody, MaintenanceUpdateBody } from '@dealflow/domain';
import { caseParent } from '../caseItems/service.ts';
import { itemService } from '../items/service.ts';
import * as repo from './repository.ts';
import type { MaintenanceInsert, MaintenanceRow } from './repository.ts';

function toColumns(input: MaintenanceUpdateBody): Partial<MaintenanceInsert> {
  const values: Partial<MaintenanceInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.content !== undefined) values.content = input.content || null;
  if (input.date !== undefined) values.date = input.date;
  return values;
}

export const maintenances = itemService(caseParent, {
  notFound: 'MAINTENANCE_NOT_FOUND',
  action: 'maintenance',
  list: repo.listRecords,
  find: repo.findRecord,
  insert: repo.insertRecord,
  update: repo.updateRecord,
  remove: repo.deleteRecord,
  row: (view) => view.record,
  toColumns,
  toNewRow: (input: MaintenanceCreateBody, owner) => ({
    ...toColumns(input),
    title: input.title,
    date: input.date,
    ...owner,
  }),
  audited: (row: MaintenanceRow) => ({ title: row.title, content: row.content, date: row.date }),
});

export const {
  list: listMaintenances,
  create: createMaintenance,
  update: updateMaintenance,
  remove: deleteMaintenance,
} = maintenances;
