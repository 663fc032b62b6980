import { useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue.ts';

/**
 * A select that asks the server as one types (client and case pickers): whether it is open, the
 * settled text to search for, and the props that wire the select to them. Closing it forgets
 * what was typed.
 */
export function useServerSearch(debounceMs: number) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), debounceMs);
  return {
    open,
    q,
    selectProps: {
      open,
      onOpenChange: (next: boolean) => {
        setOpen(next);
        if (!next) setSearch('');
      },
      showSearch: { filterOption: false as const, onSearch: setSearch, searchValue: search },
    },
  };
}
