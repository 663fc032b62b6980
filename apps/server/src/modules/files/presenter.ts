import { type StoredFileInfo, fileContentPath } from '@dealflow/domain';
import { iso } from '../items/presenter.ts';
import type { FileRow } from './repository.ts';

/** A stored file as the API shows it: its download path, never its storage key. */
export function presentFile(row: FileRow): StoredFileInfo {
  return {
    id: row.id,
    path: fileContentPath(row.id),
    name: row.name,
    size: row.size,
    mime: row.mime,
    sha256: row.sha256,
    kind: row.kind,
    type: row.type as StoredFileInfo['type'],
    owner: { kind: row.owner_kind, id: row.owner_id },
    created_at: iso(row.created_at),
  };
}
