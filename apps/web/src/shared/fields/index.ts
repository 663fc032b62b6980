export { type FieldDef, type FieldKind, fieldKey, valueAt, withStoredOption } from './fieldDefs.ts';
export { FormFields } from './FormFields.tsx';
export { groupDigits, MoneyInput, moneyPrefix, ungroupDigits } from './MoneyInput.tsx';
export { RecordView } from './RecordView.tsx';
