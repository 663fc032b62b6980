import { useTranslation } from 'react-i18next';
import { ItemList, type ItemListConfig, mutationSource } from '../../../shared/components/ItemList.tsx';
import {
  type ClientItemKind,
  type ClientItemTypes,
  useClientItems,
  useDeleteClientItem,
  useSaveClientItem,
} from '../api/clientItemsApi.ts';

/** How one kind of client item is shown and edited. `V` is the form's values. */
export type ClientItemConfig<K extends ClientItemKind, V> = ItemListConfig<
  ClientItemTypes[K]['item'],
  V,
  ClientItemTypes[K]['create'],
  ClientItemTypes[K]['edit']
> & {
  kind: K;
  /** Items that are kept for good (accounts: past investments name them): no delete. */
  keep?: boolean;
};

/**
 * One kind of item of a client, through the shared ItemList: whoever may work the client
 * (`editable`) adds and changes every item, the same rule as the server's.
 */
export function ClientItemsPanel<K extends ClientItemKind, V extends object>({
  clientId,
  config,
  editable,
}: {
  clientId: number;
  config: ClientItemConfig<K, V>;
  editable: boolean;
}) {
  const { t } = useTranslation();
  type Types = ClientItemTypes[K];
  const remove = useDeleteClientItem(clientId, config.kind);
  const source = mutationSource<Types['item'], Types['create'], Types['edit']>(
    useClientItems(clientId, config.kind),
    useSaveClientItem(clientId, config.kind),
    config.keep ? undefined : remove,
  );
  const { kind } = config;
  return (
    <ItemList
      name={`client-${kind}`}
      config={config}
      source={source}
      canAdd={editable}
      canChange={() => editable}
      addLabel={t(`clientItems.add.${kind}`)}
      emptyText={t(`clientItems.empty.${kind}`)}
    />
  );
}
