import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts';
import './plainInput.css';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A text filter applied while typing, once the typing pauses (one request, not one per key);
 * Enter applies at once. The value written back (the URL) only replaces the text when it changed
 * from elsewhere (cleared filters, back button), never the letters typed since.
 *
 * A plain input drawn like antd's (plainInput.css): antd's Input with its clear and affix parts was
 * ≈ 12 kB gzip on pages whose only field is this one, the investor's case list among them.
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
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const input = useRef<HTMLInputElement>(null);
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

  function clear() {
    setText('');
    apply('');
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typing settles, not when the callback changes
  useEffect(() => apply(settled), [settled]);

  return (
    <span className={className ? `plain-input ${className}` : 'plain-input'}>
      {prefix !== null && <span className="plain-input__affix">{prefix}</span>}
      <input
        ref={input}
        type="text"
        enterKeyHint="search"
        className="plain-input__field"
        aria-label={label}
        placeholder={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '') apply('');
        }}
        onKeyDown={(event) => {
          // Enter that ends a Chinese input method's composition picks the characters; it does not search.
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) apply(text);
          if (event.key === 'Escape' && text !== '') clear();
        }}
      />
      {text !== '' && (
        <button
          type="button"
          className="plain-input__clear"
          aria-label={t('common.clearSearch')}
          onClick={() => {
            clear();
            input.current?.focus();
          }}
        >
          <CloseCircleFilled aria-hidden />
        </button>
      )}
    </span>
  );
}
