import type { ClientFile, ClientFileKind } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { FileView } from './repository.ts';

export function presentClientFile({ file, uploader_name }: FileView): ClientFile {
  return {
    id: file.id,
    client_id: file.client_id,
    name: file.name,
    kind: file.kind as ClientFileKind,
    size: file.size,
    mime: file.mime,
    sha256: file.sha256,
    uploaded_by: presentPerson(file.uploaded_by, uploader_name),
    created_at: iso(file.created_at),
    updated_at: iso(file.updated_at),
  };
}
