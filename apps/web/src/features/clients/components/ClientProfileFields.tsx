import { type Client, type ContactStage, CURRENCIES, formatDate, MEMBERSHIP_TIERS } from '@dealflow/domain';
import { Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../shared/fields/index.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { label } from '../../../shared/i18n/label.ts';
import { keyOptionsOf, useStaffDirectory, useStaticKeys } from '../../../shared/reference/referenceApi.ts';
import type { ClientUpdateInput } from '../api/clientApi.ts';
import { clientTypeLabel } from '../lib/clientTypes.ts';
import { canOwnClient, PHONE_PATTERN } from '../lib/profileRules.ts';
import { ClientTypeSelect } from './ClientTypeSelect.tsx';

/** Lengths of the client contract (packages/domain contracts/clients.ts). */
export const CLIENT_MAX = {
  name: 200,
  part: 100,
  email: 254,
  phone: 40,
  type: 100,
  scale: 200,
  long: 2000,
} as const;

export interface ClientProfileValues {
  name: string;
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
  type: string;
  status: 'active' | 'inactive';
  membership: Client['membership'];
  employee_id: number | null;
  expiry_at: Dayjs | null;
  currency: string;
  check_size: number | null;
  scale: string;
  investe_startup: string;
  domain_keys: string[];
  industry_keys: string[];
  next_step: string;
}

export function profileValuesOf(client: Client): ClientProfileValues {
  return {
    name: client.name,
    lastName: client.lastName ?? '',
    firstName: client.firstName ?? '',
    email: client.email,
    phone: client.phone ?? '',
    type: client.type ?? '',
    status: client.status,
    membership: client.membership,
    employee_id: client.employee_id,
    expiry_at: client.expiry_at ? dayjs(client.expiry_at) : null,
    currency: client.currency,
    check_size: client.check_size,
    scale: client.scale ?? '',
    investe_startup: client.investe_startup ?? '',
    domain_keys: client.domain_keys,
    industry_keys: client.industry_keys,
    next_step: client.next_step ?? '',
  };
}

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * Form values as the API takes them: blank texts are null; a membership runs to the end of its
 * expiry day in the user's time zone, so it shows as that date wherever it is read back.
 */
export function profileBodyOf(values: ClientProfileValues): ClientUpdateInput {
  return {
    name: values.name.trim(),
    lastName: blankToNull(values.lastName),
    firstName: blankToNull(values.firstName),
    email: values.email.trim(),
    phone: blankToNull(values.phone),
    type: blankToNull(values.type),
    status: values.status,
    membership: values.membership,
    employee_id: values.employee_id ?? null,
    expiry_at: values.expiry_at ? values.expiry_at.endOf('day').toISOString() : null,
    currency: values.currency as (typeof CURRENCIES)[number],
    check_size: values.check_size ?? null,
    scale: blankToNull(values.scale),
    investe_startup: blankToNull(values.investe_startup),
    domain_keys: values.domain_keys ?? [],
    industry_keys: values.industry_keys ?? [],
    next_step: blankToNull(values.next_step),
  };
}

/** What the create drawer adds to the profile: the entry stage and the duplicate check on email and phone. */
export interface ClientFieldOptions {
  /** The stages a new client may enter at (a stage field is shown). */
  stages?: readonly ContactStage[];
  /** The stage whose colleagues may own the client; the client's own stage by default. */
  ownerStage?: ContactStage;
  emailExtra?: ReactNode;
  phoneExtra?: ReactNode;
  onEmailBlur?: () => void;
  onPhoneBlur?: () => void;
}

/**
 * Every profile field of a client (SPEC section 3) as field definitions, for the profile tab and
 * the create drawer (`client` null): the form renders them as inputs, a reader who cannot edit sees
 * them as text (RecordView). The owner is picked among colleagues who work the client's stage;
 * the current owner stays named even if no longer in that list.
 */
export function useClientFieldDefs(client: Client | null, options: ClientFieldOptions = {}): FieldDef[] {
  const { t } = useTranslation();
  const directory = useStaffDirectory();
  const domains = useStaticKeys('domain');
  const industries = useStaticKeys('industry');
  const language = currentLanguage();
  const domainOptions = keyOptionsOf(domains.data, language);
  const industryOptions = keyOptionsOf(industries.data, language);
  const ownerStage = options.ownerStage ?? client?.process_status;
  const owners = (directory.data ?? [])
    .filter((e) => canOwnClient(e.role, ownerStage))
    .map((e) => ({ value: e.id, label: `${e.name}（${t(`roles.${e.role}`)}）` }));
  const current = client?.employee;
  if (current && !owners.some((o) => o.value === current.id))
    owners.unshift({ value: current.id, label: current.name });
  const stages = (options.stages ?? []).map((s) => ({ value: s, label: label('contactStage', s) }));
  const tiers = MEMBERSHIP_TIERS.map((m) => ({ value: m, label: label('membership', m) }));
  const currencies = CURRENCIES.map((c) => ({ value: c, label: label('currency', c) }));
  const statuses = (['active', 'inactive'] as const).map((s) => ({
    value: s,
    label: t(`clientPage.profile.status.${s}`),
  }));
  const keyPicker = (options: { value: string; label: string }[], loading: boolean) => (
    <Select
      mode="tags"
      tokenSeparators={[',']}
      loading={loading}
      options={options}
      optionFilterProp="label"
    />
  );

  return [
    {
      name: 'name',
      label: t('clientPage.profile.name'),
      kind: 'text',
      wide: true,
      required: t('clientPage.profile.nameRequired'),
      max: CLIENT_MAX.name,
    },
    { name: 'lastName', label: t('clientPage.profile.lastName'), kind: 'text', max: CLIENT_MAX.part },
    { name: 'firstName', label: t('clientPage.profile.firstName'), kind: 'text', max: CLIENT_MAX.part },
    {
      name: 'email',
      label: t('clientPage.profile.email'),
      kind: 'text',
      required: t('clientPage.profile.emailRequired'),
      max: CLIENT_MAX.email,
      rules: [{ type: 'email', message: t('clientPage.profile.emailInvalid') }],
      // With the duplicate check, a notice may follow: a full row gives it room.
      wide: options.onEmailBlur !== undefined,
      extra: options.emailExtra,
      input: (
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com"
          onBlur={options.onEmailBlur}
        />
      ),
    },
    {
      name: 'phone',
      label: t('clientPage.profile.phone'),
      kind: 'text',
      max: CLIENT_MAX.phone,
      rules: [{ pattern: PHONE_PATTERN, message: t('clientPage.profile.phoneInvalid') }],
      wide: options.onPhoneBlur !== undefined,
      extra: options.phoneExtra,
      input: <Input type="tel" inputMode="tel" autoComplete="off" onBlur={options.onPhoneBlur} />,
    },
    {
      name: 'type',
      label: t('clientPage.profile.type'),
      kind: 'text',
      max: CLIENT_MAX.type,
      extra: t('clientPage.profile.typeHint'),
      display: (v) => (v ? clientTypeLabel(String(v)) : null),
      input: <ClientTypeSelect />,
    },
    {
      name: 'status',
      label: t('clientPage.profile.statusLabel'),
      kind: 'select',
      options: statuses,
      input: <Select options={statuses} />,
      // A new client starts active.
      hidden: client === null,
    },
    {
      name: 'membership',
      label: t('clientPage.profile.membership'),
      kind: 'select',
      options: tiers,
      input: <Select options={tiers} />,
    },
    ...(stages.length > 0
      ? [
          {
            name: 'process_status',
            label: t('clientList.form.stage'),
            kind: 'select',
            options: stages,
            input: <Select options={stages} />,
          } satisfies FieldDef,
        ]
      : []),
    {
      name: 'expiry_at',
      label: t('clientPage.profile.expiry'),
      kind: 'date',
      display: (v) => (v ? formatDate(dayjs(v as Dayjs).toDate()) : null),
    },
    {
      name: 'employee_id',
      label: t('clientPage.profile.owner'),
      kind: 'select',
      options: owners,
      display: () => current?.name,
    },
    {
      name: 'currency',
      label: t('clientPage.profile.currency'),
      kind: 'select',
      options: currencies,
      input: <Select options={currencies} />,
    },
    {
      name: 'check_size',
      label: t('clientPage.profile.checkSize'),
      kind: 'money',
      extra: t('clientPage.profile.checkSizeHint'),
      rules: [{ type: 'number', min: 0, message: t('clientPage.profile.amountInvalid') }],
    },
    { name: 'scale', label: t('clientPage.profile.scale'), kind: 'text', max: CLIENT_MAX.scale },
    {
      name: 'domain_keys',
      label: t('clientPage.profile.domains'),
      kind: 'tags',
      wide: true,
      options: domainOptions,
      input: keyPicker(domainOptions, domains.isPending),
    },
    {
      name: 'industry_keys',
      label: t('clientPage.profile.industries'),
      kind: 'tags',
      wide: true,
      options: industryOptions,
      input: keyPicker(industryOptions, industries.isPending),
    },
    {
      name: 'investe_startup',
      label: t('clientPage.profile.investedStartups'),
      kind: 'longText',
      wide: true,
      max: CLIENT_MAX.long,
      extra: t('clientPage.profile.investedStartupsHint'),
    },
    {
      name: 'next_step',
      label: t('clientPage.profile.nextStep'),
      kind: 'longText',
      wide: true,
      max: CLIENT_MAX.long,
    },
  ];
}
