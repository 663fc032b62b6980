import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A text filter applied while typing, once the typing pauses (one request, not one per key);
 * Enter applies at once. The value written back (the URL) only replaces the text when it changed
 * from elsewhere (cleared filters, back button), never the letters typed since.
 */
export function SearchInput({
  value,
  label,
  onChange,
  className,
  prefix = <SearchOutlined aria-hidden />,
}: {
  value: string;
  label: string;
  onChange: (value: string) => void;
  className?: string;
  prefix?: ReactNode | null;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  function apply(next: string) {
    const trimmed = next.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    onChange(trimmed);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typing settles, not when the callback changes
  useEffect(() => apply(settled), [settled]);

  return (
    <Input
      allowClear
      className={className}
      aria-label={label}
      placeholder={label}
      prefix={prefix ?? undefined}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (event.target.value === '') apply('');
      }}
      onPressEnter={() => apply(text)}
    />
  );
}
