import { DownOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import './plainInput.css';

// antd's Select (rc-select with its virtual list, ≈ 23 kB gzip) loads when the field is first reached.
const loadSelect = () => import('antd/es/select');
const Select = lazy(loadSelect);

export interface LazySelectOption {
  value: string;
  label: string;
}

/**
 * A single-choice filter whose antd Select loads when the pointer or focus first reaches it: until
 * then a read-only field of the same size shows the chosen option (or the placeholder). Focus moves
 * to the Select once it is there, and a pointer press opens its list.
 */
export function LazySelect({
  value,
  options,
  onChange,
  placeholder,
  ariaLabel,
  className,
  allowClear,
  showSearch,
}: {
  value: string | undefined;
  options: LazySelectOption[];
  onChange: (value: string | undefined) => void;
  placeholder: string;
  ariaLabel: string;
  className?: string;
  allowClear?: boolean;
  showSearch?: boolean;
}) {
  const [active, setActive] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  // The chosen option's label once the options are there (never the bare key while they load).
  const chosen = options.find((o) => o.value === value)?.label;
  // A plain field drawn like antd's Input (plainInput.css): antd's Input was loaded for this alone.
  const standIn = (
    <span
      className={className ? `plain-input lazy-select ${className}` : 'plain-input lazy-select'}
      onPointerEnter={() => void loadSelect()}
      onPointerDown={() => setOpenOnLoad(true)}
    >
      <input
        readOnly
        className="plain-input__field"
        aria-label={ariaLabel}
        placeholder={placeholder}
        value={chosen ?? ''}
        onFocus={() => setActive(true)}
        data-lazy-select="pending"
      />
      <DownOutlined aria-hidden className="plain-input__affix lazy-select__arrow" />
    </span>
  );
  if (!active) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select
        className={className}
        aria-label={ariaLabel}
        placeholder={placeholder}
        value={value}
        options={options}
        allowClear={allowClear}
        showSearch={showSearch ? { optionFilterProp: 'label' } : undefined}
        onChange={(next) => onChange(next as string | undefined)}
        autoFocus
        defaultOpen={openOnLoad}
      />
    </Suspense>
  );
}
