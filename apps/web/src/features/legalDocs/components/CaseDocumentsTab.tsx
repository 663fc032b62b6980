import {
  CONFLICT_DESCRIPTION_MAX,
  CONTRACT_LANGS,
  type ContractLang,
  LEGAL_DOC_KINDS,
  type LegalDocKind,
  type LegalDocStatus,
  type LegalDocument,
  formatDateTime,
  formatMoney,
} from '@dealflow/domain';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Radio,
  Segmented,
  Select,
  Space,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { MoneyInput } from '../../../shared/fields/MoneyInput.tsx';
import { downloadStoredFile } from '../../../shared/files/storedFiles.ts';
import { useModalFormGuard } from '../../../shared/unsaved/index.ts';
import { showFieldErrors } from '../../../shared/api/index.ts';
import { ClientSelect } from '../../clients/components/ClientSelect.tsx';
import { PdfViewerModal } from '../../pdfViewer/components/PdfViewerModal.tsx';
import { ConflictDeclarationTag } from './ConflictDeclarationForm.tsx';
import { VerifyModal } from './VerifyModal.tsx';
import {
  documentPdfPath,
  useCaseDocuments,
  useGenerateDocument,
  useSendDocument,
  useVoidDocument,
} from '../api/legalDocsApi.ts';
import '../legalDocs.css';
import { BatchGenerateModal } from './BatchGenerateModal.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const STATUS_COLOR: Record<LegalDocStatus, string> = {
  draft: 'default',
  sent: 'blue',
  signed: 'green',
  void: 'red',
};

interface GenerateValues {
  kind: LegalDocKind;
  client_id: number | null;
  lang: ContractLang;
  commitment_amount?: number | null;
  /** A COI: declared by the investor before signing, or already known to staff. */
  declaration?: 'later' | 'none' | 'conflict';
  conflict_description?: string;
}

function GenerateModal({ caseId, open, onClose }: { caseId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<GenerateValues>();
  const generate = useGenerateDocument(caseId);
  const { markDirty, guard } = useModalFormGuard(open);
  const kind = Form.useWatch('kind', form);
  const withAmount = kind === 'loi' || kind === 'subscription';
  // A startup LOI goes to the case's startup: no investor to choose.
  const toStartup = kind === 'startup_loi';
  const declaration = Form.useWatch('declaration', form);

  async function submit(values: GenerateValues) {
    try {
      await generate.mutateAsync({
        kind: values.kind,
        ...(values.kind === 'startup_loi' ? {} : { client_id: values.client_id ?? 0 }),
        lang: values.lang,
        ...(withAmount ? { commitment_amount: values.commitment_amount ?? null } : {}),
        ...(values.kind === 'coi' && values.declaration && values.declaration !== 'later'
          ? {
              conflict_declaration: {
                conflict: values.declaration === 'conflict',
                description:
                  values.declaration === 'conflict' ? (values.conflict_description ?? '').trim() : null,
              },
            }
          : {}),
      });
      message.success(t('legalDocs.generated'));
      form.resetFields();
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
      message.error(errorContent(error));
    }
  }

  return (
    <Modal
      open={open}
      title={t('legalDocs.generateTitle')}
      onCancel={onClose}
      okText={t('legalDocs.generate')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={generate.isPending}
      destroyOnHidden
    >
      {guard}
      <p className="legal-docs__hint">{t('legalDocs.generateHint')}</p>
      <Form<GenerateValues>
        form={form}
        layout="vertical"
        name="legal-document"
        initialValues={{ kind: 'nda', lang: 'zh-TW', client_id: null, declaration: 'later' }}
        onValuesChange={markDirty}
        onFinish={submit}
      >
        <Form.Item name="kind" label={t('legalDocs.kind')} rules={[{ required: true }]}>
          <Select<LegalDocKind>
            options={LEGAL_DOC_KINDS.map((k) => ({ value: k, label: t(`contract.kinds.${k}`) }))}
          />
        </Form.Item>
        {toStartup ? (
          <Alert
            type="info"
            showIcon
            className="legal-docs__startup"
            title={t('legalDocs.startupSignerHint')}
          />
        ) : (
          <Form.Item
            name="client_id"
            label={t('legalDocs.signer')}
            rules={[{ required: true, message: t('legalDocs.signerRequired') }]}
          >
            <ClientSelect placeholder={t('legalDocs.signerPlaceholder')} />
          </Form.Item>
        )}
        <Form.Item name="lang" label={t('legalDocs.lang')}>
          <Segmented<ContractLang>
            aria-label={t('legalDocs.lang')}
            options={CONTRACT_LANGS.map((l) => ({ value: l, label: t(`contract.langs.${l}`) }))}
          />
        </Form.Item>
        {withAmount ? (
          <Form.Item name="commitment_amount" label={t('legalDocs.amount')} extra={t('legalDocs.amountHint')}>
            <MoneyInput currency="NTD" />
          </Form.Item>
        ) : null}
        {kind === 'coi' ? (
          <Form.Item name="declaration" label={t('legalDocs.coi.declaration')}>
            <Radio.Group>
              <Space orientation="vertical">
                <Radio value="later">{t('legalDocs.coi.later')}</Radio>
                <Radio value="none">{t('legalDocs.coi.none')}</Radio>
                <Radio value="conflict">{t('legalDocs.coi.conflict')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
        ) : null}
        {kind === 'coi' && declaration === 'conflict' ? (
          <Form.Item
            name="conflict_description"
            label={t('legalDocs.coi.description')}
            rules={[{ required: true, whitespace: true, message: t('legalDocs.coi.descriptionRequired') }]}
          >
            <Input.TextArea
              maxLength={CONFLICT_DESCRIPTION_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 6 }}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

function VoidModal({
  caseId,
  doc,
  onClose,
}: {
  caseId: number;
  doc: LegalDocument | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ reason: string }>();
  const voidDoc = useVoidDocument(caseId);
  const { markDirty, guard } = useModalFormGuard(doc !== null);
  return (
    <Modal
      open={doc !== null}
      title={t('legalDocs.voidTitle', { title: doc?.title ?? '' })}
      onCancel={onClose}
      okText={t('legalDocs.void')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={voidDoc.isPending}
      destroyOnHidden
    >
      {guard}
      <Form
        form={form}
        layout="vertical"
        name="void-document"
        onValuesChange={markDirty}
        onFinish={async (values) => {
          if (!doc) return;
          try {
            await voidDoc.mutateAsync({ id: doc.id, body: { reason: values.reason.trim() } });
            message.success(t('legalDocs.voided'));
            onClose();
          } catch (error) {
            showFieldErrors(form, error);
            message.error(errorContent(error));
          }
        }}
      >
        <Form.Item
          name="reason"
          label={t('legalDocs.voidReason')}
          rules={[{ required: true, whitespace: true, message: t('legalDocs.voidReasonRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 法律文件: the case's generated LOI, NDA, COI and subscription contracts; who may edit the case makes them. */
export function CaseDocumentsTab({ caseId, editable }: { caseId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [page, setPage] = useState(1);
  const list = useCaseDocuments(caseId, page);
  const send = useSendDocument(caseId);
  const [generating, setGenerating] = useState(false);
  const [batching, setBatching] = useState(false);
  const [viewing, setViewing] = useState<LegalDocument | null>(null);
  const [voiding, setVoiding] = useState<LegalDocument | null>(null);
  const [verifying, setVerifying] = useState<LegalDocument | null>(null);

  const actions = (doc: LegalDocument) => {
    const items = [
      <Button key="view" type="link" size="small" onClick={() => setViewing(doc)}>
        {t('legalDocs.view')}
      </Button>,
      <Button
        key="download"
        type="link"
        size="small"
        onClick={() =>
          void downloadStoredFile(
            { path: documentPdfPath(doc.id), name: `${doc.title}.pdf` },
            {
              notify: (text) => message.error(text),
            },
          )
        }
      >
        {t('legalDocs.download')}
      </Button>,
      ...(doc.signed_sha256 !== null
        ? [
            <Button
              key="signed"
              type="link"
              size="small"
              onClick={() =>
                void downloadStoredFile(
                  {
                    path: documentPdfPath(doc.id, true),
                    name: `${doc.title}-${t('legalDocs.signedSuffix')}.pdf`,
                  },
                  { notify: (text) => message.error(text) },
                )
              }
            >
              {t('legalDocs.downloadSigned')}
            </Button>,
          ]
        : []),
      <Button key="verify" type="link" size="small" onClick={() => setVerifying(doc)}>
        {t('legalDocs.verify')}
      </Button>,
    ];
    if (editable && doc.status === 'draft')
      items.push(
        <Popconfirm
          key="send"
          title={t('legalDocs.sendConfirm', { name: doc.signer.name })}
          onConfirm={() =>
            send.mutate(doc.id, {
              onSuccess: () => message.success(t('legalDocs.sent')),
              onError: (error) => message.error(errorContent(error)),
            })
          }
        >
          <Button type="link" size="small">
            {t('legalDocs.send')}
          </Button>
        </Popconfirm>,
      );
    if (editable && doc.status !== 'void')
      items.push(
        <Button key="void" type="link" size="small" danger onClick={() => setVoiding(doc)}>
          {t('legalDocs.void')}
        </Button>,
      );
    return items;
  };

  return (
    <div className="legal-docs">
      <div className="legal-docs__bar">
        <p className="legal-docs__hint">{t('legalDocs.intro')}</p>
        {editable ? (
          <span className="legal-docs__actions">
            <Button onClick={() => setBatching(true)}>{t('legalDocs.batch.open')}</Button>
            <Button type="primary" onClick={() => setGenerating(true)}>
              {t('legalDocs.generate')}
            </Button>
          </span>
        ) : null}
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('legalDocs.loadError')}
          description={errorContent(list.error)}
        />
      ) : (
        <List<LegalDocument>
          loading={list.isPending}
          dataSource={list.data?.result ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('legalDocs.empty')} />,
          }}
          pagination={
            (list.data?.count ?? 0) > 20
              ? { current: page, pageSize: 20, total: list.data?.count ?? 0, onChange: setPage }
              : false
          }
          renderItem={(doc) => (
            <List.Item actions={actions(doc)} className="legal-docs__item">
              <List.Item.Meta
                title={
                  <span className="legal-docs__title">
                    {doc.title}
                    <Tag color={STATUS_COLOR[doc.status]}>{t(`contract.docStatus.${doc.status}`)}</Tag>
                    {doc.kind === 'coi' ? <ConflictDeclarationTag doc={doc} /> : null}
                    {doc.signer.kind === 'startup' ? <Tag>{t('legalDocs.startupSigner')}</Tag> : null}
                  </span>
                }
                description={
                  <span className="legal-docs__meta">
                    {t('legalDocs.line', {
                      name: doc.signer.name,
                      time: formatDateTime(doc.created_at),
                      by: doc.created_by?.name ?? '—',
                    })}
                    {doc.commitment_amount !== null ? ` ・ ${formatMoney(doc.commitment_amount, 'NTD')}` : ''}
                    {doc.void_reason
                      ? ` ・ ${t('legalDocs.voidReasonShown', { reason: doc.void_reason })}`
                      : ''}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
      <GenerateModal caseId={caseId} open={generating} onClose={() => setGenerating(false)} />
      <BatchGenerateModal caseId={caseId} open={batching} onClose={() => setBatching(false)} />
      <VoidModal caseId={caseId} doc={voiding} onClose={() => setVoiding(null)} />
      <VerifyModal doc={verifying} onClose={() => setVerifying(null)} />
      <PdfViewerModal
        path={viewing ? documentPdfPath(viewing.id) : null}
        title={viewing?.title}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}
