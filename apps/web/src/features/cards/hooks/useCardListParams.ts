import { CARD_LIST_DEFAULTS, CARD_SORT_FIELDS, type CardSortField } from '@dealflow/domain';
import { useSearchParams } from 'react-router';
import { useListParams } from '../../groups/hooks/useListParams.ts';

/** Which card the drawer shows: one by id, a new one, or none. */
export type OpenCard = number | 'new' | null;

/**
 * The card list's state in the URL (house style): the shared search, sort and page, plus the tag
 * and group filters and the card open in the drawer, so a filtered view or a card can be linked.
 */
export function useCardListParams() {
  const list = useListParams<CardSortField>({ fields: CARD_SORT_FIELDS, defaults: CARD_LIST_DEFAULTS });
  const [search, setSearch] = useSearchParams();
  const tag = search.get('tag') ?? '';
  const groupNumber = Number(search.get('group'));
  const groupId = Number.isInteger(groupNumber) && groupNumber > 0 ? groupNumber : undefined;
  const cardParam = search.get('card');
  const cardNumber = Number(cardParam);
  const open: OpenCard =
    cardParam === 'new' ? 'new' : Number.isInteger(cardNumber) && cardNumber > 0 ? cardNumber : null;

  /** Sets (or clears, with '' or undefined) URL parameters the shared hook does not know. */
  function setExtra(patch: Record<string, string | undefined>, opts: { resetPage?: boolean } = {}) {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (opts.resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  return {
    ...list,
    tag,
    groupId,
    open,
    setTag: (value: string | undefined) => setExtra({ tag: value }, { resetPage: true }),
    setGroup: (value: number | undefined) =>
      setExtra({ group: value ? String(value) : undefined }, { resetPage: true }),
    clearFilters: () => setExtra({ q: undefined, tag: undefined, group: undefined }, { resetPage: true }),
    openCard: (card: OpenCard) => setExtra({ card: card === null ? undefined : String(card) }),
    request: { ...list.request, tag: tag || undefined, group_id: groupId },
  };
}
