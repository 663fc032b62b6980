import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BUSINESS_PLAN_SECTIONS,
  COMPANY_DOC_FIELDS,
  COMPANY_FLAGS,
  COMPANY_STATUSES,
  type CaseReview,
  type ReviewComment,
  type ReviewContent,
  companyFlagData,
  companyProgress,
  isValidUbn,
} from '@dealflow/domain';
import {
  Button,
  Card,
  Col,
  Collapse,
  Form,
  Input,
  InputNumber,
  Progress,
  Row,
  Select,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/components/ErrorAlert.tsx';
import { MoneyInput } from '../../../shared/fields/MoneyInput.tsx';
import { showFieldErrors } from '../../../shared/api/index.ts';
import { useFormDraft } from '../../../shared/unsaved/index.ts';
import { CompanyFileField } from './CompanyFileField.tsx';
import { FieldComments } from './FieldComments.tsx';
import './startup.css';
import { useFeedback } from '../../../shared/feedback/index.tsx';

type Values = {
  name?: string;
  business_plan?: Record<string, string | undefined>;
  company?: Record<string, unknown>;
};

/** Drops what was never filled in (undefined, null, blank text), so the proposal holds only answers. */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) continue;
      const c = clean(v);
      if (c && typeof c === 'object' && !Array.isArray(c) && Object.keys(c).length === 0) continue;
      out[k] = c;
    }
    return out;
  }
  return typeof value === 'string' ? value.trim() : value;
}

export const toContent = (values: Values) => clean(values) as ReviewContent;

const mapUrl = (address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/**
 * The company profile of SPEC section 3, proposed through the review (issue 14): the startup saves
 * drafts and submits; staff comments show beside their fields with a reply box.
 */
export function CompanyProfileForm({
  review,
  current,
  fallbackName,
  saving,
  replying,
  onSave,
  onReply,
}: {
  review: CaseReview | null;
  /** The case's profile as it stands: the starting point when no proposal is open. */
  current?: Values | null;
  fallbackName?: string | null;
  saving: boolean;
  replying: boolean;
  onSave: (content: ReviewContent, status: 0 | 1) => Promise<unknown>;
  onReply: (commentId: number, reply: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const initial = useMemo<Values>(() => {
    // An open proposal (draft or submitted) is what the startup was working on; once applied,
    // the case holds it (and whatever staff changed since), so the form starts from the case.
    const open = review && !review.applied_at ? review.update_content : null;
    const c = (open ?? current ?? {}) as Values;
    return { ...c, name: c.name ?? fallbackName ?? undefined };
  }, [review, current, fallbackName]);
  const initialJson = JSON.stringify(clean(initial));
  const changes = useCallback(
    (values: Values) => (JSON.stringify(clean(values)) === initialJson ? {} : { content: true }),
    [initialJson],
  );
  const draft = useFormDraft({ form, stored: initialJson, changes });
  // The values as typed, for the progress indicator (follows the stored proposal until edited).
  const [watched, setWatched] = useState<Values>(initial);
  useEffect(() => setWatched(initial), [initial]);
  const onValuesChange = (changed: unknown, all: Values) => {
    draft.onValuesChange(changed, all);
    setWatched(all);
  };
  const progress = companyProgress({
    name: watched.name,
    business_plan: watched.business_plan,
    company: watched.company,
  });

  const comments = review?.comment ?? [];
  const commentsOf = (field: string): ReviewComment[] => comments.filter((c) => c.field === field);
  const general = comments.filter((c) => !c.field);
  const extra = (field: string): ReactNode => {
    const list = commentsOf(field);
    return list.length ? <FieldComments comments={list} onReply={onReply} replying={replying} /> : undefined;
  };
  const fieldLabel = (path: string) => t(`startupProfile.fields.${path}` as 'startupProfile.fields.name');
  const required = (path: string): Rule => ({
    required: true,
    message: t('startupProfile.required', { field: fieldLabel(path) }),
  });

  const save = async (status: 0 | 1) => {
    if (status === 1) {
      try {
        await form.validateFields();
      } catch {
        message.error(t('startupProfile.fixErrors'));
        return;
      }
    }
    const values = form.getFieldsValue(true) as Values;
    try {
      await onSave(toContent(values), status);
      draft.saved();
      message.success(status === 1 ? t('startupProfile.submitted') : t('startupProfile.saved'));
    } catch (error) {
      showFieldErrors(
        {
          setFields: (fields) =>
            form.setFields(
              fields.map((f) => ({
                name: String(f.name)
                  .replace(/^body\.update_content\./, '')
                  .split('.') as never,
                errors: f.errors,
              })),
            ),
        },
        error,
      );
      showError(error);
    }
  };

  const statusTag = !review ? (
    <Tag>{t('startupProfile.status.none')}</Tag>
  ) : review.applied_at ? (
    <Tag color="success">{t('startupProfile.status.applied')}</Tag>
  ) : review.status === 1 ? (
    <Tag color="processing">{t('startupProfile.status.submitted')}</Tag>
  ) : (
    <Tag>{t('startupProfile.status.draft')}</Tag>
  );

  const text = (path: string, opts: { area?: boolean; max: number; rules?: Rule[] }) => (
    <Form.Item
      name={path.split('.')}
      label={fieldLabel(path.replace(/^company\./, ''))}
      rules={opts.rules}
      extra={extra(path)}
    >
      {opts.area ? (
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} maxLength={opts.max} showCount />
      ) : (
        <Input maxLength={opts.max} />
      )}
    </Form.Item>
  );
  const number = (path: string, money = false, rules?: Rule[]) => (
    <Form.Item
      name={path.split('.')}
      label={fieldLabel(path.replace(/^company\./, ''))}
      extra={extra(path)}
      rules={rules}
    >
      {money ? (
        <MoneyInput currency="NTD" />
      ) : (
        // No spin buttons: antd labels them in English ("Increase Value"), and nobody steps a head count.
        <InputNumber<number> min={0} precision={0} controls={false} className="full-width" />
      )}
    </Form.Item>
  );

  const sections = [
    {
      key: 'basics',
      label: t('startupProfile.sections.basics'),
      children: (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={fieldLabel('name')}
              rules={[required('name')]}
              extra={extra('name')}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name={['company', 'company_status']}
              label={fieldLabel('company_status')}
              extra={extra('company.company_status')}
            >
              <Select
                allowClear
                options={COMPANY_STATUSES.map((s) => ({
                  value: s,
                  label: t(`startupProfile.companyStatus.${s}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name={['company', 'sn']}
              label={fieldLabel('sn')}
              extra={extra('company.sn')}
              validateTrigger="onBlur"
              rules={[
                {
                  validator: (_, value?: string) =>
                    !value || isValidUbn(value.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('startupProfile.ubnInvalid'))),
                },
              ]}
            >
              <Input inputMode="numeric" maxLength={8} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {text('company.location', { max: 300 })}
          </Col>
          <Col xs={24}>
            {text('company.address', { max: 300 })}
            <Form.Item noStyle shouldUpdate={(a, b) => a.company?.address !== b.company?.address}>
              {() => {
                const address = form.getFieldValue(['company', 'address']) as string | undefined;
                return address?.trim() ? (
                  <Typography.Link href={mapUrl(address.trim())} target="_blank" rel="noopener noreferrer">
                    {t('startupProfile.mapLink')}
                  </Typography.Link>
                ) : null;
              }}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name={['company', 'industry_keys']}
              label={fieldLabel('industry_keys')}
              extra={extra('company.industry_keys')}
            >
              <Select mode="tags" maxCount={30} tokenSeparators={[',', '，']} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name={['company', 'keyword']}
              label={fieldLabel('keyword')}
              extra={extra('company.keyword')}
            >
              <Select mode="tags" maxCount={30} tokenSeparators={[',', '，']} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {number('company.employees')}
          </Col>
          <Col xs={24} md={8}>
            {number('company.capital', true)}
          </Col>
          <Col xs={24} md={8}>
            {number('company.issued_shares')}
          </Col>
          <Col xs={24}>{text('company.description', { area: true, max: 20_000 })}</Col>
        </Row>
      ),
    },
    {
      key: 'fundraising',
      label: t('startupProfile.sections.fundraising'),
      children: (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {number('company.fund_of_shares')}
          </Col>
          <Col xs={24} md={12}>
            {number('company.price_per_share', true)}
          </Col>
          <Col xs={24} md={12}>
            {number('company.fundraising', true)}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name={['company', 'end_of_fund']}
              label={fieldLabel('end_of_fund')}
              extra={extra('company.end_of_fund')}
            >
              <Input type="date" />
            </Form.Item>
          </Col>
        </Row>
      ),
    },
    {
      key: 'plan',
      label: t('startupProfile.sections.plan'),
      children: BUSINESS_PLAN_SECTIONS.map((s) => (
        <div key={s}>{text(`business_plan.${s}`, { area: true, max: 20_000 })}</div>
      )),
    },
    {
      key: 'team',
      label: t('startupProfile.sections.team'),
      children: (
        <>
          {extra('company.team_list')}
          <Form.List name={['company', 'team_list']}>
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 ? (
                  <Typography.Paragraph type="secondary">
                    {t('startupProfile.team.empty')}
                  </Typography.Paragraph>
                ) : null}
                {fields.map((f) => (
                  <Card
                    key={f.key}
                    size="small"
                    className="startup-profile__member"
                    extra={
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('startupProfile.team.remove')}
                        onClick={() => remove(f.name)}
                      />
                    }
                  >
                    <Row gutter={16}>
                      <Col xs={24} md={12}>
                        <Form.Item
                          name={[f.name, 'name']}
                          label={t('startupProfile.team.name')}
                          rules={[
                            {
                              required: true,
                              message: t('startupProfile.required', { field: t('startupProfile.team.name') }),
                            },
                          ]}
                        >
                          <Input maxLength={100} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={12}>
                        <Form.Item name={[f.name, 'title']} label={t('startupProfile.team.title')}>
                          <Input maxLength={100} />
                        </Form.Item>
                      </Col>
                      <Col xs={24}>
                        <Form.Item name={[f.name, 'bio']} label={t('startupProfile.team.bio')}>
                          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
                        </Form.Item>
                      </Col>
                      <Col xs={24}>
                        <Form.Item name={[f.name, 'photo']} label={t('startupProfile.team.photo')}>
                          <CompanyFileField kind="image" />
                        </Form.Item>
                      </Col>
                    </Row>
                  </Card>
                ))}
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => add({ name: '' })}
                  disabled={fields.length >= 30}
                >
                  {t('startupProfile.team.add')}
                </Button>
              </>
            )}
          </Form.List>
        </>
      ),
    },
    {
      key: 'flags',
      label: t('startupProfile.sections.flags'),
      children: COMPANY_FLAGS.map((flag) => (
        <div key={flag}>
          <Form.Item
            name={['company', flag]}
            label={fieldLabel(flag)}
            valuePropName="checked"
            extra={extra(`company.${flag}`)}
          >
            <Switch />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.company?.[flag] !== b.company?.[flag]}>
            {() =>
              form.getFieldValue(['company', flag])
                ? text(`company.${companyFlagData(flag)}`, {
                    area: true,
                    max: 2000,
                    rules: [
                      { required: true, whitespace: true, message: t('startupProfile.flagDataRequired') },
                    ],
                  })
                : null
            }
          </Form.Item>
        </div>
      )),
    },
    {
      key: 'documents',
      label: t('startupProfile.sections.documents'),
      children: (
        <Row gutter={16}>
          {COMPANY_DOC_FIELDS.map((f) => (
            <Col xs={24} md={12} key={f}>
              <Form.Item name={['company', f]} label={fieldLabel(f)} extra={extra(`company.${f}`)}>
                <CompanyFileField kind="doc" docType={f} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item
              name={['company', 'avatar']}
              label={fieldLabel('avatar')}
              extra={extra('company.avatar')}
            >
              <CompanyFileField kind="image" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name={['company', 'image_map']}
              label={fieldLabel('image_map')}
              extra={extra('company.image_map')}
            >
              <CompanyFileField kind="image" />
            </Form.Item>
          </Col>
        </Row>
      ),
    },
    {
      key: 'contact',
      label: t('startupProfile.sections.contact'),
      children: (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {text('company.contract_name', { max: 100 })}
          </Col>
          <Col xs={24} md={12}>
            {text('company.contract_title', { max: 100 })}
          </Col>
          <Col xs={24} md={12}>
            {text('company.contract_tel', {
              max: 30,
              rules: [{ pattern: /^[0-9+()#\- ]*$/, message: t('startupProfile.telInvalid') }],
            })}
          </Col>
          <Col xs={24} md={12}>
            {text('company.contract_email', {
              max: 254,
              rules: [{ type: 'email', message: t('startupProfile.emailInvalid') }],
            })}
          </Col>
          <Col xs={24}>{text('company.contract_address', { max: 300 })}</Col>
        </Row>
      ),
    },
  ];

  return (
    <div className="startup-profile">
      {draft.guard}
      <Card size="small" className="startup-profile__progress">
        <Typography.Text strong>{t('startupProfile.progressTitle')}</Typography.Text> {statusTag}
        <Progress percent={progress.percent} aria-label={t('startupProfile.progressTitle')} />
        {progress.missing.length ? (
          <Typography.Paragraph type="secondary" data-testid="profile-missing">
            {t('startupProfile.progressMissing')}{' '}
            {progress.missing.map((f) => fieldLabel(f.replace(/^company\./, ''))).join('、')}
          </Typography.Paragraph>
        ) : (
          <Typography.Paragraph type="success">{t('startupProfile.progressDone')}</Typography.Paragraph>
        )}
        {general.length ? <FieldComments comments={general} onReply={onReply} replying={replying} /> : null}
      </Card>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={onValuesChange}
        scrollToFirstError
      >
        <Collapse defaultActiveKey={['basics']} items={sections.map((s) => ({ ...s, forceRender: true }))} />
        <div className="startup-profile__actions">
          <Button onClick={() => void save(0)} loading={saving}>
            {t('startupProfile.saveDraft')}
          </Button>
          <Button type="primary" onClick={() => void save(1)} loading={saving}>
            {t('startupProfile.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
