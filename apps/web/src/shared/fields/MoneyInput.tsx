import { currencySymbol } from '@dealflow/domain';
import { InputNumber, type InputNumberProps } from 'antd';

/** Thousands separators while typing an amount: 20,000,000 is easier to check than 20000000. */
export const groupDigits = (value: number | string | undefined) =>
  value === undefined || value === '' ? '' : String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
// InputNumber reads the parser's digits itself; a cleared field stays empty rather than becoming 0.
export const ungroupDigits = (text: string | undefined) =>
  (text ?? '').replace(/,/g, '') as unknown as number;

/** The symbol in front of an amount input: NT$ / US$, else the currency code (never a bare $). */
export function moneyPrefix(currency: string | null | undefined): string {
  const symbol = currencySymbol(currency);
  return symbol === '$' && currency ? currency : symbol;
}

/** An amount with its currency in front; Form.Item passes value, onChange and id through. */
export function MoneyInput({
  currency,
  ...props
}: InputNumberProps<number> & { currency?: string | null | undefined }) {
  return (
    <InputNumber<number>
      {...props}
      min={0}
      max={1e15}
      className="full-width"
      controls={false}
      prefix={<span className="money-prefix">{moneyPrefix(currency)}</span>}
      formatter={groupDigits}
      parser={ungroupDigits}
    />
  );
}
