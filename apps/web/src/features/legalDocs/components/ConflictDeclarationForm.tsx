import { CONFLICT_DESCRIPTION_MAX, type LegalDocument } from '@dealflow/domain';
import { Alert, Button, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../legalDocs.css';
import { showFieldErrors } from '../../../shared/api/index.ts';
import { useDeclareConflict } from '../api/legalDocsApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface DeclarationValues {
  conflict: boolean;
  description?: string;
}

/** 無利益衝突 / 有利益衝突 and what the conflict is, as a tag (read-only display). */
export function ConflictDeclarationTag({ doc }: { doc: Pick<LegalDocument, 'conflict_declaration'> }) {
  const { t } = useTranslation();
  const d = doc.conflict_declaration;
  if (!d) return <Tag>{t('legalDocs.coi.undeclared')}</Tag>;
  return d.conflict ? (
    <Tag color="red">{t('legalDocs.coi.conflict')}</Tag>
  ) : (
    <Tag color="green">{t('legalDocs.coi.none')}</Tag>
  );
}

/**
 * The COI signer's declaration before signing (issue 13): "no conflict", or "conflict" with a
 * description. Saving lays the PDF out again on the server, so `onDeclared` is told to have it read
 * again. Shown as the saved declaration with a change button once there is one.
 */
export function ConflictDeclarationForm({
  doc,
  onDeclared,
  onDirty,
}: {
  doc: LegalDocument;
  onDeclared: (doc: LegalDocument) => void;
  onDirty?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<DeclarationValues>();
  const declare = useDeclareConflict(doc.id);
  const [editing, setEditing] = useState(doc.conflict_declaration === null);
  const conflict = Form.useWatch('conflict', form);
  const current = doc.conflict_declaration;

  async function save(values: DeclarationValues) {
    try {
      const saved = await declare.mutateAsync({
        conflict: values.conflict,
        description: values.conflict ? (values.description ?? '').trim() : null,
      });
      message.success(t('legalDocs.coi.saved'));
      setEditing(false);
      onDeclared(saved);
    } catch (error) {
      showFieldErrors(form, error);
    }
  }

  if (!editing && current) {
    return (
      <div className="coi-declaration" data-testid="coi-declaration">
        <Typography.Text strong>{t('legalDocs.coi.declaration')}</Typography.Text>{' '}
        <ConflictDeclarationTag doc={doc} />
        {current.conflict && current.description ? (
          <Typography.Paragraph className="coi-declaration__text">{current.description}</Typography.Paragraph>
        ) : null}
        <Button size="small" onClick={() => setEditing(true)}>
          {t('legalDocs.coi.change')}
        </Button>
      </div>
    );
  }

  return (
    <Form<DeclarationValues>
      form={form}
      layout="vertical"
      name="coi-declaration"
      className="coi-declaration"
      initialValues={{ conflict: current?.conflict, description: current?.description ?? '' }}
      onValuesChange={() => onDirty?.()}
      onFinish={(values) => void save(values)}
    >
      <Typography.Paragraph>{t('legalDocs.coi.declareIntro')}</Typography.Paragraph>
      <Form.Item
        name="conflict"
        label={t('legalDocs.coi.declaration')}
        rules={[{ required: true, message: t('legalDocs.coi.declarationRequired') }]}
      >
        <Radio.Group>
          <Space orientation="vertical">
            <Radio value={false}>{t('legalDocs.coi.none')}</Radio>
            <Radio value={true}>{t('legalDocs.coi.conflict')}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {conflict === true ? (
        <>
          <Form.Item
            name="description"
            label={t('legalDocs.coi.description')}
            extra={t('legalDocs.coi.descriptionHint')}
            rules={[{ required: true, whitespace: true, message: t('legalDocs.coi.descriptionRequired') }]}
          >
            <Input.TextArea
              maxLength={CONFLICT_DESCRIPTION_MAX}
              showCount
              autoSize={{ minRows: 3, maxRows: 8 }}
            />
          </Form.Item>
          <Alert
            type="warning"
            showIcon
            title={t('legalDocs.coi.conflictWarning')}
            className="coi-declaration__warn"
          />
        </>
      ) : null}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={declare.isPending}>
          {t('legalDocs.coi.save')}
        </Button>
        {current ? <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button> : null}
      </Space>
    </Form>
  );
}
