import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../shared/fields/index.ts';
import { ItemList, type ItemListConfig, mutationSource } from '../../../shared/components/ItemList.tsx';
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
> & {
  kind: K;
  /**
   * Set for comments and to-dos, which every ao who reads the case adds (canContributeToCase):
   * who wrote the item and who it is assigned to decide who may change it.
   */
  contribution?: (item: ItemModels[K]) => { authorId: number | null; assigneeId?: number | null };
};

/** The title every simple item starts with. */
export function titleField(label: string, required: string, autoFocus = true): FieldDef {
  return { name: 'title', label, kind: 'text', wide: true, required, max: 200, autoFocus };
}

/** "王大明 建立" under an item, when its author is known. */
export function authorLine(t: TFunction, author: { name: string } | null) {
  return author ? t('cases.items.by', { name: author.name }) : null;
}

/**
 * One kind of item on a case, through the shared ItemList: its add button is named after its tab,
 * its empty state says what the list is for, and what the viewer may do follows the case access.
 */
export function CaseItemsPanel<K extends ItemKind, V extends object>({
  caseId,
  config,
  access,
}: {
  caseId: number;
  config: ItemConfig<K, V>;
  access: CaseAccess;
}) {
  const { t } = useTranslation();
  const items = useCaseItems(caseId, config.kind);
  const save = useSaveCaseItem(caseId, config.kind);
  const remove = useDeleteCaseItem(caseId, config.kind);
  const { contribution } = config;
  return (
    <ItemList<ItemModels[K], V, ItemCreateBodies[K], ItemUpdateBodies[K]>
      name={config.kind}
      config={config}
      canAdd={contribution ? access.contribute : access.editable}
      canChange={(item) => (contribution ? access.mayChange(contribution(item)) : access.editable)}
      addLabel={`${t('cases.items.add')}${t(`cases.manager.tab.${config.kind}`)}`}
      emptyText={t(`forms.case.empty.${config.kind}`)}
      source={mutationSource<ItemModels[K], ItemCreateBodies[K], ItemUpdateBodies[K]>(items, save, remove)}
    />
  );
}
