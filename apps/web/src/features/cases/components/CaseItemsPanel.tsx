import type { FieldDef } from '../../../shared/fields/index.ts';
import { ItemList, type ItemListConfig } from '../../../shared/components/ItemList.tsx';
import {
  type ItemCreateBodies,
  type ItemKind,
  type ItemModels,
  type ItemUpdateBodies,
  useCaseItems,
  useDeleteCaseItem,
  useSaveCaseItem,
} from '../api/caseItemsApi.ts';

export type { ItemView } from '../../../shared/components/ItemList.tsx';

/** What the viewer may do on this case's items (ManagerPage works it out from the domain policy). */
export interface CaseAccess {
  /** May edit the case (AO, agent, admin) and it is not deleted. */
  editable: boolean;
  /** May add comments and to-dos (every ao who reads the case; canContributeToCase). */
  contribute: boolean;
  /** May change one comment or to-do (canChangeContribution). */
  mayChange: (facts: { authorId: number | null; assigneeId?: number | null }) => boolean;
}

/** How one kind of case item is shown and edited. `V` is the form's values. */
export type ItemConfig<K extends ItemKind, V> = ItemListConfig<
  ItemModels[K],
  V,
  ItemCreateBodies[K],
  ItemUpdateBodies[K]
> & { kind: K };

/** The title every simple item starts with. */
export function titleField(label: string, required: string, autoFocus = true): FieldDef {
  return { name: 'title', label, kind: 'text', wide: true, required, max: 200, autoFocus };
}

/** One kind of item on a case, through the shared ItemList. */
export function CaseItemsPanel<K extends ItemKind, V extends object>({
  caseId,
  config,
  addLabel,
  emptyText,
  canAdd,
  canChange,
}: {
  caseId: number;
  config: ItemConfig<K, V>;
  addLabel: string;
  emptyText: string;
  canAdd: boolean;
  canChange: (item: ItemModels[K]) => boolean;
}) {
  const items = useCaseItems(caseId, config.kind);
  const save = useSaveCaseItem(caseId, config.kind);
  const remove = useDeleteCaseItem(caseId, config.kind);
  return (
    <ItemList<ItemModels[K], V, ItemCreateBodies[K], ItemUpdateBodies[K]>
      name={config.kind}
      config={config}
      canAdd={canAdd}
      canChange={canChange}
      addLabel={addLabel}
      emptyText={emptyText}
      source={{
        items,
        saving: save.isPending,
        create: (body) => save.mutateAsync({ id: null, body }),
        update: (id, body) => save.mutateAsync({ id, body }),
        remove: (id) => remove.mutateAsync(id),
      }}
    />
  );
}
