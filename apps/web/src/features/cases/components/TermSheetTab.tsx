import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type Case, TERM_SHEET_FIELDS, type TermSheetField } from '@dealflow/domain';
import { Alert, Button, Form, Input, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldDef, FormFields, RecordView } from '../../../shared/fields/index.ts';
import { SaveBar, useFormDraft } from '../../../shared/unsaved/index.ts';
import { useUpdateCase } from '../api/casesApi.ts';
import { changedFields } from '../lib/changedFields.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { FileUpload } from '../../../shared/files/FileUpload.tsx';
import {
  isStoredRef,
  isWebLink,
  type MediaItem,
  mediaBody,
  mediaItemsOf,
  refOfStoredFile,
  type TermFile,
  termFileBody,
  termFileOf,
} from '../lib/termSheetFiles.ts';
import { TermSheetFileRow } from './TermSheetFileRow.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface TermValues {
  summary_terms?: string;
  total_amount?: number | null;
  investment_amount?: number | null;
  type_of_security?: string;
  maturity_date?: Dayjs | null;
  automatic_conversion_financing?: string;
  anti_dilution?: string;
  is_protect?: boolean;
  priority_exit?: string;
  together?: string;
  loi?: string;
  nda?: string;
  medias?: Partial<MediaItem>[];
  presentationFile?: TermFile | null;
  is_show_fund_platform?: boolean;
  year_revenue?: number | null;
}

const VISIBILITY_COLOR = { admin: 'volcano', front: 'blue', shared: 'green' } as const;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null;

function valuesOf(sheet: Record<string, unknown>): TermValues {
  const maturity = str(sheet.maturity_date);
  return {
    summary_terms: str(sheet.summary_terms),
    total_amount: num(sheet.total_amount),
    investment_amount: num(sheet.investment_amount),
    type_of_security: str(sheet.type_of_security),
    maturity_date: maturity ? dayjs(maturity) : null,
    automatic_conversion_financing: str(sheet.automatic_conversion_financing),
    anti_dilution: str(sheet.anti_dilution),
    is_protect: sheet.is_protect === true,
    priority_exit: str(sheet.priority_exit),
    together: str(sheet.together),
    loi: str(sheet.loi),
    nda: str(sheet.nda),
    medias: mediaItemsOf(sheet.medias),
    presentationFile: termFileOf(sheet.presentationFile),
    is_show_fund_platform: sheet.is_show_fund_platform === true,
    year_revenue: num(sheet.year_revenue),
  };
}

const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** The term sheet as the API takes it: blank is null, the date as YYYY-MM-DD. */
export function termSheetBody(values: TermValues) {
  return {
    summary_terms: text(values.summary_terms),
    total_amount: values.total_amount ?? null,
    investment_amount: values.investment_amount ?? null,
    type_of_security: text(values.type_of_security),
    maturity_date: values.maturity_date ? values.maturity_date.format('YYYY-MM-DD') : null,
    automatic_conversion_financing: text(values.automatic_conversion_financing),
    anti_dilution: text(values.anti_dilution),
    is_protect: values.is_protect ?? false,
    priority_exit: text(values.priority_exit),
    together: text(values.together),
    loi: text(values.loi),
    nda: text(values.nda),
    medias: mediaBody(values.medias),
    presentationFile: termFileBody(values.presentationFile),
    is_show_fund_platform: values.is_show_fund_platform ?? false,
    year_revenue: values.year_revenue ?? null,
  };
}

/** 投資條件: each field tagged with who sees it (TERM_SHEET_FIELDS); read-only as text. */
export function TermSheetTab({ kase, editable }: { kase: Case; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<TermValues>();
  const update = useUpdateCase(kase.id);

  const label = (field: TermSheetField): ReactNode => (
    <span className="term-field__label">
      {t(`cases.termSheet.${field}`)}
      <Tag color={VISIBILITY_COLOR[TERM_SHEET_FIELDS[field]]}>
        {t(`cases.termSheet.visibility.${TERM_SHEET_FIELDS[field]}`)}
      </Tag>
    </span>
  );
  const longText = (name: TermSheetField, max?: number, rows = 1): FieldDef => ({
    name,
    label: label(name),
    kind: 'longText',
    wide: true,
    rows,
    ...(max ? { max } : {}),
  });
  const fields: FieldDef[] = [
    longText('summary_terms', undefined, 2),
    { name: 'total_amount', label: label('total_amount'), kind: 'money' },
    { name: 'investment_amount', label: label('investment_amount'), kind: 'money' },
    { name: 'type_of_security', label: label('type_of_security'), kind: 'text', max: 200 },
    { name: 'maturity_date', label: label('maturity_date'), kind: 'date' },
    { name: 'year_revenue', label: label('year_revenue'), kind: 'money', wide: true },
    longText('automatic_conversion_financing', 2000),
    longText('anti_dilution', 2000),
    longText('priority_exit', 2000),
    longText('together', 2000),
    { name: 'is_protect', label: label('is_protect'), kind: 'switch' },
    { name: 'is_show_fund_platform', label: label('is_show_fund_platform'), kind: 'switch' },
    longText('loi', undefined, 2),
    longText('nda', undefined, 2),
    {
      name: 'presentationFile',
      label: label('presentationFile'),
      kind: 'custom',
      wide: true,
      input: <PresentationFileInput />,
      display: (value) => {
        const file = termFileOf(value);
        return file ? <TermSheetFileRow file={file} /> : null;
      },
    },
    {
      name: 'medias',
      label: label('medias'),
      kind: 'custom',
      wide: true,
      bare: true,
      input: <MediaList />,
      display: (value) => {
        const medias = mediaItemsOf(value);
        if (medias.length === 0) return null;
        return (
          <ul className="record-view__list term-media">
            {medias.map((m, i) => (
              <li key={`${isStoredRef(m) ? m.file_id : m.url}-${String(i)}`}>
                {isStoredRef(m) ? (
                  <TermSheetFileRow file={m} />
                ) : isWebLink(m.url) ? (
                  <a href={m.url} target="_blank" rel="noreferrer noopener">
                    {m.name || m.url}
                  </a>
                ) : (
                  m.name || m.url
                )}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];

  const stored: Record<string, unknown> = {
    ...kase.term_sheet,
    // Unset switches read as off, so an untouched switch is not a change.
    is_protect: kase.term_sheet.is_protect ?? false,
    is_show_fund_platform: kase.term_sheet.is_show_fund_platform ?? false,
  };
  const changes = (values: TermValues) => changedFields(stored, termSheetBody(values));
  const draft = useFormDraft({ form, stored: kase.term_sheet, changes, active: editable });

  // The whole store, not only the registered fields: a media file's id and path have no input of
  // their own, and antd leaves such keys of a Form.List item out of `onFinish` and `onValuesChange`.
  const allValues = () => form.getFieldsValue(true) as TermValues;

  async function submit() {
    const body = changes(allValues());
    if (Object.keys(body).length === 0) {
      message.info(t('cases.form.noChanges'));
      return;
    }
    try {
      await update.mutateAsync({ term_sheet: body });
      draft.saved();
      message.success(t('cases.form.saved'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  const hint = (
    <Alert type="info" showIcon className="form-alert" title={t('cases.termSheet.visibilityHint')} />
  );
  if (!editable)
    return (
      <>
        {hint}
        <RecordView fields={fields} values={valuesOf(kase.term_sheet)} currency={kase.currency} />
      </>
    );

  return (
    <Form<TermValues>
      form={form}
      name="case-term-sheet"
      layout="vertical"
      initialValues={valuesOf(kase.term_sheet)}
      disabled={update.isPending}
      onValuesChange={(changed) => draft.onValuesChange(changed, allValues())}
      onFinish={submit}
    >
      {hint}
      <FormFields fields={fields} currency={kase.currency} />
      <SaveBar dirty={draft.dirty} saving={update.isPending} onDiscard={draft.discard} />
      {draft.guard}
    </Form>
  );
}

/**
 * The presentation file (a Form.Item input): the stored file as a row (預覽, 下載, 移除), or the
 * upload with its progress and size limit; a new upload replaces the file.
 */
function PresentationFileInput({
  value,
  onChange,
}: {
  value?: TermFile | null;
  onChange?: (value: TermFile | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="term-files">
      {value ? (
        <TermSheetFileRow file={value} onRemove={() => onChange?.(null)} />
      ) : (
        <Typography.Text type="secondary">{t('cases.termSheet.noPresentation')}</Typography.Text>
      )}
      <FileUpload
        kind="doc"
        type="presentationFile"
        label={value ? t('cases.termSheet.replacePresentation') : t('cases.termSheet.uploadPresentation')}
        onUploaded={(file) => onChange?.(refOfStoredFile(file))}
      />
    </div>
  );
}

/** Media: links (name and address) and uploaded images or files (a name and the file's row). */
function MediaList() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TermValues>();
  // Watched (the whole items, `preserve`), so a file row's labels follow its name as it is typed.
  const items = Form.useWatch('medias', { form, preserve: true }) as Partial<MediaItem>[] | undefined;
  return (
    <Form.List name="medias">
      {(fields, { add, remove }) => (
        <div className="term-files">
          {fields.map((field) => {
            const item =
              items?.[field.name] ??
              (form.getFieldValue(['medias', field.name]) as Partial<MediaItem> | undefined);
            if (isStoredRef(item))
              return (
                <TermSheetFileRow
                  key={field.key}
                  file={item}
                  onRemove={() => remove(field.name)}
                  nameSlot={
                    <Form.Item name={[field.name, 'name']} noStyle>
                      <Input
                        size="small"
                        maxLength={300}
                        placeholder={t('cases.termSheet.mediaName')}
                        aria-label={t('cases.termSheet.mediaName')}
                      />
                    </Form.Item>
                  }
                />
              );
            return (
              <div key={field.key} className="form-row">
                <Form.Item name={[field.name, 'name']}>
                  <Input
                    placeholder={t('cases.termSheet.mediaName')}
                    aria-label={t('cases.termSheet.mediaName')}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'url']}
                  rules={[{ type: 'url', message: t('cases.form.websiteInvalid') }]}
                >
                  <Input
                    placeholder={t('cases.termSheet.mediaUrl')}
                    aria-label={t('cases.termSheet.mediaUrl')}
                    suffix={
                      <Button
                        type="text"
                        size="small"
                        aria-label={t('cases.termSheet.remove')}
                        icon={<MinusCircleOutlined aria-hidden />}
                        onClick={() => remove(field.name)}
                      />
                    }
                  />
                </Form.Item>
              </div>
            );
          })}
          <div className="term-files__add">
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ name: '', url: '' })}
            >
              {t('cases.termSheet.addMedia')}
            </Button>
            <FileUpload
              kind="image"
              type="medias"
              label={t('cases.termSheet.uploadMediaImage')}
              onUploaded={(file) => add(refOfStoredFile(file))}
            />
            <FileUpload
              kind="doc"
              type="other"
              label={t('cases.termSheet.uploadMediaFile')}
              onUploaded={(file) => add(refOfStoredFile(file))}
            />
          </div>
        </div>
      )}
    </Form.List>
  );
}
