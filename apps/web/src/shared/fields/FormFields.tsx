import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldDef, fieldKey } from './fieldDefs.ts';
import { MoneyInput } from './MoneyInput.tsx';

function inputOf(field: FieldDef, currency: string | null | undefined, clearLabel: string): ReactNode {
  if (field.input) return field.input;
  const common = { autoFocus: field.autoFocus, placeholder: field.placeholder, disabled: field.disabled };
  switch (field.kind) {
    case 'longText':
      return <Input.TextArea {...common} autoSize={{ minRows: field.rows ?? 2, maxRows: 12 }} />;
    case 'url':
      return <Input {...common} type="url" inputMode="url" autoComplete="off" />;
    case 'money':
      return <MoneyInput currency={currency} disabled={field.disabled} />;
    case 'number':
      return <InputNumber min={0} className="full-width" disabled={field.disabled} />;
    case 'date':
      return <DatePicker className="full-width" disabled={field.disabled} />;
    case 'datetime':
      return (
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          className="full-width"
          disabled={field.disabled}
        />
      );
    case 'switch':
      return <Switch disabled={field.disabled} />;
    case 'select':
    case 'tags':
      return (
        <Select
          allowClear={{ label: clearLabel }}
          disabled={field.disabled}
          mode={field.kind === 'tags' ? 'tags' : field.multiple ? 'multiple' : undefined}
          showSearch={{ optionFilterProp: 'label' }}
          options={field.options}
        />
      );
    default:
      return <Input {...common} autoComplete="off" />;
  }
}

/** The Form.Items of a list of field definitions; narrow fields go two to a row. */
export function FormFields({
  fields,
  currency,
}: {
  fields: readonly FieldDef[];
  /** The currency money inputs show. */
  currency?: string | null;
}) {
  const { t } = useTranslation();
  const items = fields
    .filter((f) => !f.hidden)
    .map((field) => {
      const rules = [...(field.rules ?? [])];
      if (field.required)
        rules.unshift({
          required: true,
          // Only on text: any other key makes the validator expect a string, and a date (a dayjs
          // object) or a number would then read as missing.
          ...(field.kind === 'text' || field.kind === 'longText' ? { whitespace: true } : {}),
          message: typeof field.required === 'string' ? field.required : undefined,
        });
      if (field.max) rules.push({ max: field.max, message: t('forms.max', { max: field.max }) });
      if (field.kind === 'url') rules.push({ type: 'url', message: t('forms.urlInvalid') });
      if (field.bare)
        return {
          field,
          node: (
            <Form.Item key={fieldKey(field.name)} label={field.label} extra={field.extra}>
              {field.input}
            </Form.Item>
          ),
        };
      return {
        field,
        node: (
          <Form.Item
            key={fieldKey(field.name)}
            name={field.name}
            label={field.label}
            rules={rules}
            extra={field.extra}
            valuePropName={field.valuePropName ?? (field.kind === 'switch' ? 'checked' : undefined)}
            dependencies={field.dependencies}
          >
            {inputOf(field, currency, t('labels.clear'))}
          </Form.Item>
        ),
      };
    });
  // Pair consecutive narrow fields into rows.
  const out: ReactNode[] = [];
  for (let i = 0; i < items.length; i++) {
    const a = items[i];
    if (!a) continue;
    const b = items[i + 1];
    if (!a.field.wide && b && !b.field.wide) {
      out.push(
        <div key={`row-${fieldKey(a.field.name)}`} className="form-row">
          {a.node}
          {b.node}
        </div>,
      );
      i++;
    } else out.push(a.node);
  }
  return <>{out}</>;
}
