import {
  CARD_ADDRESS_MAX,
  CARD_NOTES_MAX,
  CARD_TEXT_MAX,
  type Card,
  type CardCreateBody,
  type CardGroup,
  type CardUpdateBody,
} from '@dealflow/domain';
import type { TFunction } from 'i18next';
import type { FieldDef } from '../../../shared/fields/index.ts';

/** The card form's values: lists as tag inputs, groups by id. */
export interface CardFormValues {
  name: string;
  company?: string;
  title?: string;
  phones?: string[];
  emails?: string[];
  address?: string;
  notes?: string;
  tags?: string[];
  group_ids?: number[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One definition of the card's fields for its form and its read-only view. */
export function cardFieldDefs(t: TFunction, groups: readonly CardGroup[]): FieldDef[] {
  return [
    {
      name: 'name',
      label: t('cards.field.name'),
      kind: 'text',
      required: t('cards.field.nameRequired'),
      max: CARD_TEXT_MAX,
      autoFocus: true,
    },
    { name: 'company', label: t('cards.field.company'), kind: 'text', max: CARD_TEXT_MAX },
    { name: 'title', label: t('cards.field.title'), kind: 'text', max: CARD_TEXT_MAX },
    { name: 'phones', label: t('cards.field.phones'), kind: 'tags', extra: t('cards.field.listHint') },
    {
      name: 'emails',
      label: t('cards.field.emails'),
      kind: 'tags',
      extra: t('cards.field.listHint'),
      rules: [
        {
          validator: async (_rule, value: string[] | undefined) => {
            const bad = (value ?? []).find((v) => !EMAIL.test(v.trim()));
            if (bad) throw new Error(t('cards.field.emailInvalid', { value: bad }));
          },
        },
      ],
    },
    { name: 'tags', label: t('cards.field.tags'), kind: 'tags', extra: t('cards.field.listHint') },
    {
      name: 'group_ids',
      label: t('cards.field.groups'),
      kind: 'select',
      multiple: true,
      options: groups.map((g) => ({ value: g.id, label: g.name })),
    },
    { name: 'address', label: t('cards.field.address'), kind: 'text', max: CARD_ADDRESS_MAX, wide: true },
    {
      name: 'notes',
      label: t('cards.field.notes'),
      kind: 'longText',
      max: CARD_NOTES_MAX,
      wide: true,
      rows: 3,
    },
  ];
}

export function formValuesOf(card: Card | null): CardFormValues {
  return {
    name: card?.name ?? '',
    company: card?.company ?? '',
    title: card?.title ?? '',
    phones: card?.phones ?? [],
    emails: card?.emails ?? [],
    address: card?.address ?? '',
    notes: card?.notes ?? '',
    tags: card?.tags ?? [],
    group_ids: card?.groups.map((g) => g.id) ?? [],
  };
}

const cleanList = (list: string[] | undefined) => (list ?? []).map((v) => v.trim()).filter(Boolean);
const cleanText = (v: string | undefined) => v?.trim() || null;

/** The body of a new card. */
export function createBody(values: CardFormValues): CardCreateBody {
  return {
    name: values.name.trim(),
    company: cleanText(values.company),
    title: cleanText(values.title),
    phones: cleanList(values.phones),
    emails: cleanList(values.emails),
    address: cleanText(values.address),
    notes: cleanText(values.notes),
    tags: cleanList(values.tags),
    group_ids: values.group_ids ?? [],
  };
}

/** Only what changed is sent (PUT is partial); groups go through their own call. */
export function changedFields(
  card: Card,
  values: CardFormValues,
): { body: CardUpdateBody; groupIds: number[] | null } {
  const next = createBody(values);
  const body: CardUpdateBody = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (next.name !== card.name) body.name = next.name;
  for (const key of ['company', 'title', 'address', 'notes'] as const) {
    if (next[key] !== card[key]) body[key] = next[key] ?? null;
  }
  for (const key of ['phones', 'emails', 'tags'] as const) {
    if (!same(next[key], card[key])) body[key] = next[key] ?? [];
  }
  const before = card.groups.map((g) => g.id).sort((a, b) => a - b);
  const after = [...new Set(next.group_ids ?? [])].sort((a, b) => a - b);
  return { body, groupIds: same(before, after) ? null : after };
}
