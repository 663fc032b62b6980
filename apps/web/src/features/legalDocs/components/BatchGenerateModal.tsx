import {
  CONTRACT_LANGS,
  type ContractLang,
  ERROR_CATALOGUE,
  type ErrorCode,
  LEGAL_DOC_BATCH_MAX,
  INVESTOR_DOC_KINDS,
  type InvestorDocKind,
  type LegalDocumentBatch,
} from '@dealflow/domain';
import { Alert, Button, Form, List, Modal, Progress, Segmented, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../shared/api/index.ts';
import { ApiError } from '../../../shared/api/ApiError.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useModalFormGuard } from '../../../shared/unsaved/index.ts';
import { useCaseRoles } from '../../cases/api/caseItemsApi.ts';
import { ClientSelect } from '../../clients/components/ClientSelect.tsx';
import { useBatchFinished, useCreateDocumentBatch, useDocumentBatch } from '../api/legalDocsApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface BatchValues {
  kind: InvestorDocKind;
  lang: ContractLang;
  client_ids: number[];
}

/** An investor's error as the API error it was: the one error display translates it by code. */
function itemError(error: { code: string; message: string }) {
  const status = ERROR_CATALOGUE[error.code as ErrorCode]?.status ?? 500;
  return new ApiError({ status, body: { error: { status, ...error } } });
}

/** The progress of a queued batch, read every second until done, then what came of it. */
function BatchProgress({ batch }: { batch: LegalDocumentBatch | undefined }) {
  const { t } = useTranslation();
  if (!batch) return <Progress percent={0} status="active" />;
  const processed = batch.done + batch.failed;
  const failures = batch.items.filter((i) => i.error !== null);
  return (
    <div className="legal-docs__batch">
      <Progress
        percent={batch.total > 0 ? Math.floor((processed / batch.total) * 100) : 0}
        status={batch.status === 'done' ? (batch.failed > 0 ? 'exception' : 'success') : 'active'}
        aria-label={t('legalDocs.batch.progress', { processed, total: batch.total })}
      />
      <p className="legal-docs__hint" aria-live="polite">
        {batch.status === 'queued'
          ? t('legalDocs.batch.queued')
          : t('legalDocs.batch.progress', { processed, total: batch.total })}
      </p>
      {batch.status === 'done' ? (
        <Alert
          type={batch.failed > 0 ? 'warning' : 'success'}
          showIcon
          title={t('legalDocs.batch.doneTitle', { count: batch.done })}
          description={batch.failed > 0 ? undefined : t('legalDocs.batch.doneAll')}
        />
      ) : null}
      {failures.length > 0 ? (
        <List
          className="legal-docs__failures"
          size="small"
          header={<strong>{t('legalDocs.batch.failedTitle', { count: failures.length })}</strong>}
          dataSource={failures}
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                title={item.client.name}
                description={item.error ? errorContent(itemError(item.error)) : null}
              />
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
}

/**
 * 批次產生: one kind of document for many investors of the case. The server queues the work and
 * answers at once; the dialog then shows the job's progress until every investor is done.
 */
export function BatchGenerateModal({
  caseId,
  open,
  onClose,
}: {
  caseId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<BatchValues>();
  const create = useCreateDocumentBatch(caseId);
  const [batchId, setBatchId] = useState<number | null>(null);
  const progress = useDocumentBatch(batchId);
  const finished = useBatchFinished(caseId);
  const { markDirty, guard } = useModalFormGuard(open && batchId === null);
  const roles = useCaseRoles(caseId);
  const kind = Form.useWatch('kind', form);
  const chosen = Form.useWatch('client_ids', form) ?? [];
  const withAmount = kind === 'loi' || kind === 'subscription';
  const status = progress.data?.status;

  // The clients holding a role on the case, each once, with the names the roles carry.
  const roleClients = useMemo(() => {
    const byId = new Map<number, { id: number; name: string }>();
    for (const r of roles.data ?? []) byId.set(r.client.id, r.client);
    return [...byId.values()];
  }, [roles.data]);

  useEffect(() => {
    if (status === 'done') finished();
  }, [status, finished]);

  function close() {
    setBatchId(null);
    form.resetFields();
    onClose();
  }

  async function submit(values: BatchValues) {
    try {
      const batch = await create.mutateAsync({
        kind: values.kind,
        lang: values.lang,
        client_ids: values.client_ids,
      });
      setBatchId(batch.id);
    } catch (error) {
      showFieldErrors(form, error);
      message.error(errorContent(error));
    }
  }

  const footer =
    batchId === null
      ? [
          <Button key="cancel" onClick={close}>
            {t('common.cancel')}
          </Button>,
          <Button key="submit" type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('legalDocs.batch.submit')}
          </Button>,
        ]
      : [
          <Button key="close" type={status === 'done' ? 'primary' : 'default'} onClick={close}>
            {status === 'done' ? t('legalDocs.batch.close') : t('legalDocs.batch.background')}
          </Button>,
        ];

  return (
    <Modal
      open={open}
      title={t('legalDocs.batch.title')}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      maskClosable={batchId !== null}
    >
      {guard}
      {batchId !== null ? (
        progress.isError ? (
          <Alert type="error" showIcon title={errorContent(progress.error)} />
        ) : (
          <BatchProgress batch={progress.data} />
        )
      ) : (
        <>
          <p className="legal-docs__hint">{t('legalDocs.batch.hint')}</p>
          <Form<BatchValues>
            form={form}
            layout="vertical"
            name="legal-document-batch"
            initialValues={{ kind: 'subscription', lang: 'zh-TW', client_ids: [] }}
            onValuesChange={markDirty}
            onFinish={submit}
          >
            <Form.Item name="kind" label={t('legalDocs.kind')} rules={[{ required: true }]}>
              <Select<InvestorDocKind>
                options={INVESTOR_DOC_KINDS.map((k) => ({ value: k, label: t(`contract.kinds.${k}`) }))}
              />
            </Form.Item>
            <Form.Item name="lang" label={t('legalDocs.lang')}>
              <Segmented<ContractLang>
                aria-label={t('legalDocs.lang')}
                options={CONTRACT_LANGS.map((l) => ({ value: l, label: t(`contract.langs.${l}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="client_ids"
              label={t('legalDocs.batch.investors')}
              extra={
                <span className="legal-docs__batch-extra">
                  <span>{t('legalDocs.batch.chosen', { count: chosen.length })}</span>
                  <Button
                    type="link"
                    size="small"
                    disabled={roleClients.length === 0}
                    title={roleClients.length === 0 ? t('legalDocs.batch.fromRolesNone') : undefined}
                    onClick={() => {
                      const ids = [...new Set([...chosen, ...roleClients.map((c) => c.id)])];
                      form.setFieldValue('client_ids', ids);
                      markDirty();
                      void form.validateFields(['client_ids']);
                    }}
                  >
                    {t('legalDocs.batch.fromRoles')}
                  </Button>
                </span>
              }
              rules={[
                { required: true, type: 'array', min: 1, message: t('legalDocs.batch.investorsRequired') },
                {
                  type: 'array',
                  max: LEGAL_DOC_BATCH_MAX,
                  message: t('legalDocs.batch.investorsMax', { max: LEGAL_DOC_BATCH_MAX }),
                },
              ]}
            >
              <ClientSelect
                mode="multiple"
                names={roleClients}
                aria-label={t('legalDocs.batch.investors')}
                placeholder={t('legalDocs.batch.investorsPlaceholder')}
              />
            </Form.Item>
            {withAmount ? <p className="legal-docs__hint">{t('legalDocs.batch.amountBlank')}</p> : null}
          </Form>
        </>
      )}
    </Modal>
  );
}
