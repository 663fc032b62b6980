import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type Case, TERM_SHEET_FIELDS, type TermSheetField } from '@dealflow/domain';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useUpdateCase } from '../api/casesApi.ts';
import { changedFields } from '../lib/changedFields.ts';
import { groupDigits, ungroupDigits } from './CaseFormFields.tsx';

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
  medias?: { name?: string; url?: string }[];
  presentationFile?: { name?: string; path?: string };
  is_show_fund_platform?: boolean;
  year_revenue?: number | null;
}

const VISIBILITY_COLOR = { admin: 'volcano', front: 'blue', shared: 'green' } as const;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null;

function valuesOf(sheet: Record<string, unknown>): TermValues {
  const medias = Array.isArray(sheet.medias) ? (sheet.medias as { name?: string; url?: string }[]) : [];
  const file = sheet.presentationFile as { name?: string; path?: string } | null | undefined;
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
    medias,
    presentationFile: file ?? {},
    is_show_fund_platform: sheet.is_show_fund_platform === true,
    year_revenue: num(sheet.year_revenue),
  };
}

const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** The term sheet as the API takes it: blank is null, the date as YYYY-MM-DD. */
export function termSheetBody(values: TermValues) {
  const medias = (values.medias ?? [])
    .filter((m) => m.name?.trim() || m.url?.trim())
    .map((m) => ({ name: m.name?.trim() ?? '', url: m.url?.trim() ?? '' }));
  const fileName = text(values.presentationFile?.name);
  const filePath = text(values.presentationFile?.path);
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
    medias: medias.length > 0 ? medias : null,
    presentationFile: fileName || filePath ? { name: fileName ?? '', path: filePath ?? '' } : null,
    is_show_fund_platform: values.is_show_fund_platform ?? false,
    year_revenue: values.year_revenue ?? null,
  };
}

/** 投資條件: each field tagged with who sees it (TERM_SHEET_FIELDS). */
export function TermSheetTab({ kase, editable }: { kase: Case; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateCase(kase.id);

  const label = (field: TermSheetField): ReactNode => (
    <span className="term-field__label">
      {t(`cases.termSheet.${field}`)}
      <Tag color={VISIBILITY_COLOR[TERM_SHEET_FIELDS[field]]}>
        {t(`cases.termSheet.visibility.${TERM_SHEET_FIELDS[field]}`)}
      </Tag>
    </span>
  );
  const amount = (
    <InputNumber
      min={0}
      max={1e15}
      controls={false}
      className="full-width"
      formatter={groupDigits}
      parser={ungroupDigits}
    />
  );

  async function submit(values: TermValues) {
    // Unset switches read as off, so an untouched switch is not a change.
    const stored: Record<string, unknown> = {
      ...kase.term_sheet,
      is_protect: kase.term_sheet.is_protect ?? false,
      is_show_fund_platform: kase.term_sheet.is_show_fund_platform ?? false,
    };
    const body = changedFields(stored, termSheetBody(values));
    if (Object.keys(body).length === 0) {
      message.info(t('cases.form.noChanges'));
      return;
    }
    try {
      await update.mutateAsync({ term_sheet: body });
      message.success(t('cases.form.saved'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  return (
    <Form<TermValues>
      name="case-term-sheet"
      layout="vertical"
      initialValues={valuesOf(kase.term_sheet)}
      disabled={!editable || update.isPending}
      onFinish={submit}
    >
      <Alert type="info" showIcon className="form-alert" title={t('cases.termSheet.visibilityHint')} />
      <Form.Item name="summary_terms" label={label('summary_terms')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} />
      </Form.Item>
      <div className="form-row">
        <Form.Item name="total_amount" label={label('total_amount')}>
          {amount}
        </Form.Item>
        <Form.Item name="investment_amount" label={label('investment_amount')}>
          {amount}
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item name="type_of_security" label={label('type_of_security')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="maturity_date" label={label('maturity_date')}>
          <DatePicker className="full-width" />
        </Form.Item>
      </div>
      <Form.Item name="year_revenue" label={label('year_revenue')}>
        {amount}
      </Form.Item>
      {(['automatic_conversion_financing', 'anti_dilution', 'priority_exit', 'together'] as const).map(
        (field) => (
          <Form.Item key={field} name={field} label={label(field)} rules={[{ max: 2000 }]}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} />
          </Form.Item>
        ),
      )}
      <div className="form-row">
        <Form.Item name="is_protect" label={label('is_protect')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="is_show_fund_platform"
          label={label('is_show_fund_platform')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </div>
      {(['loi', 'nda'] as const).map((field) => (
        <Form.Item key={field} name={field} label={label(field)}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} />
        </Form.Item>
      ))}
      <Form.Item label={label('medias')}>
        <Form.List name="medias">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <div key={field.key} className="form-row">
                  <Form.Item name={[field.name, 'name']} aria-label={t('cases.termSheet.mediaName')}>
                    <Input placeholder={t('cases.termSheet.mediaName')} />
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
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({ name: '', url: '' })}
              >
                {t('cases.termSheet.addMedia')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <div className="form-row">
        <Form.Item name={['presentationFile', 'name']} label={label('presentationFile')}>
          <Input placeholder={t('cases.termSheet.fileName')} aria-label={t('cases.termSheet.fileName')} />
        </Form.Item>
        <Form.Item name={['presentationFile', 'path']} label={t('cases.termSheet.filePath')}>
          <Input placeholder={t('labels.filePath')} />
        </Form.Item>
      </div>
      {editable && (
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}
