import {
  type ContractLang,
  type LegalDocument,
  SIGN_CODE,
  SIGNATURE_PNG_MAX_CHARS,
  SIGNING_CONSENT,
  type SignStart,
  formatDateTime,
} from '@dealflow/domain';
import { Alert, Button, Checkbox, Form, Input, Modal, Result, Space, Steps, Typography } from 'antd';
import { CodeInput } from '../../../shared/components/CodeInput.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, showFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert, errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { downloadStoredFile } from '../../../shared/files/storedFiles.ts';
import { useModalFormGuard } from '../../../shared/unsaved/index.ts';
import { PdfViewerModal } from '../../pdfViewer/components/PdfViewerModal.tsx';
import { myDocumentPdfPath, useConfirmSigning, useStartSigning } from '../api/legalDocsApi.ts';
import { ConflictDeclarationForm } from './ConflictDeclarationForm.tsx';
import { SignaturePadField } from './SignaturePadField.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface ConsentValues {
  consent: boolean;
  name: string;
}

/** Seconds before another code may be asked for (the server allows 5 an hour). */
const RESEND_WAIT = 30;

const attemptsLeft = (error: unknown): number | null => {
  if (!(error instanceof ApiError) || error.code !== 'SIGN_CODE_INVALID') return null;
  const left = (error.details as { attempts_left?: unknown } | undefined)?.attempts_left;
  return typeof left === 'number' ? left : null;
};

/**
 * Signing one document, in four steps: read it (the viewer; the server records the view), agree
 * and give one's name (typed, and drawn if one likes), enter the code mailed to one, done — with
 * the signed PDF to download. Closing midway loses nothing on the server: a new code can be asked.
 * Mounted per document while open (the list renders it only then), so every opening starts afresh.
 */
export function SignDocumentModal({
  doc: docProp,
  onClose,
}: {
  doc: LegalDocument | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  // A COI's declaration lays its PDF out again: the document as it now is (issue 13).
  const [declared, setDeclared] = useState<LegalDocument | null>(null);
  const doc = declared ?? docProp;
  const open = doc !== null;
  const lang: ContractLang = i18n.language.startsWith('en') ? 'en' : 'zh-TW';
  const [form] = Form.useForm<ConsentValues>();
  const [step, setStep] = useState(0);
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [sent, setSent] = useState<SignStart | null>(null);
  const [given, setGiven] = useState<ConsentValues | null>(null);
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [signed, setSigned] = useState<LegalDocument | null>(null);
  const start = useStartSigning(doc?.id ?? 0);
  const confirm = useConfirmSigning(doc?.id ?? 0);
  const [declaring, setDeclaring] = useState(false);
  const { markDirty, guard } = useModalFormGuard(open && ((step > 0 && step < 3) || declaring));

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  if (!doc) return null;

  async function askCode(values: ConsentValues) {
    if (drawn && drawn.length > SIGNATURE_PNG_MAX_CHARS) {
      message.error(t('legalDocs.sign.padTooLarge'));
      return;
    }
    try {
      const result = await start.mutateAsync({
        consent: true,
        lang,
        name: values.name.trim(),
        drawn_png: drawn,
      });
      setSent(result);
      setGiven(values);
      setCode('');
      confirm.reset();
      setWait(RESEND_WAIT);
      setStep(2);
    } catch (error) {
      if (step === 1) showFieldErrors(form, error);
      if (
        error instanceof ApiError &&
        (error.code === 'DOCUMENT_NOT_VIEWED' || error.code === 'COI_DECLARATION_REQUIRED')
      )
        setStep(0);
    }
  }

  async function submitCode(value: string) {
    if (!/^\d{6}$/.test(value)) return;
    try {
      setSigned(await confirm.mutateAsync({ code: value }));
      setStep(3);
    } catch {
      setCode('');
    }
  }

  const left = attemptsLeft(confirm.error);
  const needsDeclaration = doc.kind === 'coi' && doc.conflict_declaration === null;
  const title = t('legalDocs.sign.title', { title: doc.title });

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width="min(640px, 100vw)"
      className="sign-modal"
    >
      {guard}
      <Steps
        size="small"
        current={step}
        className="sign-modal__steps"
        items={[
          { title: t('legalDocs.sign.stepRead') },
          { title: t('legalDocs.sign.stepConsent') },
          { title: t('legalDocs.sign.stepCode') },
          { title: t('legalDocs.sign.stepDone') },
        ]}
      />

      {step === 0 ? (
        <div className="sign-modal__body">
          <Typography.Paragraph>
            {t('legalDocs.sign.readIntro', { case: doc.case.name })}
          </Typography.Paragraph>
          {start.error instanceof ApiError &&
          (start.error.code === 'DOCUMENT_NOT_VIEWED' || start.error.code === 'COI_DECLARATION_REQUIRED') ? (
            <ErrorAlert error={start.error} />
          ) : null}
          {doc.kind === 'coi' ? (
            <ConflictDeclarationForm
              doc={doc}
              onDirty={() => setDeclaring(true)}
              onDeclared={(saved) => {
                setDeclared(saved);
                setDeclaring(false);
                // The PDF changed: what was read is not what would be signed.
                setRead(false);
                start.reset();
              }}
            />
          ) : null}
          {doc.kind === 'coi' && declared && !read ? (
            <Alert type="info" showIcon title={t('legalDocs.coi.readAgain')} className="sign-modal__error" />
          ) : null}
          <Space wrap>
            <Button type="primary" disabled={needsDeclaration} onClick={() => setReading(true)}>
              {t('legalDocs.sign.open')}
            </Button>
            <Button disabled={!read || needsDeclaration} onClick={() => setStep(1)}>
              {t('legalDocs.sign.next')}
            </Button>
          </Space>
        </div>
      ) : null}

      {step === 1 ? (
        <Form<ConsentValues>
          form={form}
          layout="vertical"
          name="sign-consent"
          className="sign-modal__body"
          initialValues={{ consent: false, name: doc.signer.name }}
          onValuesChange={markDirty}
          onFinish={askCode}
        >
          <Form.Item
            name="consent"
            valuePropName="checked"
            rules={[
              {
                validator: (_, value) =>
                  value ? Promise.resolve() : Promise.reject(new Error(t('legalDocs.sign.consentRequired'))),
              },
            ]}
          >
            <Checkbox>{SIGNING_CONSENT[lang]}</Checkbox>
          </Form.Item>
          <Form.Item
            name="name"
            label={t('legalDocs.sign.name')}
            extra={t('legalDocs.sign.nameHint')}
            rules={[{ required: true, whitespace: true, message: t('legalDocs.sign.nameRequired') }]}
          >
            <Input maxLength={100} autoComplete="name" />
          </Form.Item>
          <Form.Item label={t('legalDocs.sign.drawn')} htmlFor="signature-pad">
            <SignaturePadField
              id="signature-pad"
              onChange={(png) => {
                setDrawn(png);
                markDirty();
              }}
            />
          </Form.Item>
          {start.isError && !(start.error instanceof ApiError && start.error.code === 'VALIDATION_FAILED') ? (
            <ErrorAlert error={start.error} className="sign-modal__error" />
          ) : null}
          <Space wrap>
            <Button onClick={() => setStep(0)}>{t('legalDocs.sign.back')}</Button>
            <Button type="primary" htmlType="submit" loading={start.isPending}>
              {t('legalDocs.sign.sendCode')}
            </Button>
          </Space>
        </Form>
      ) : null}

      {step === 2 && sent ? (
        <div className="sign-modal__body">
          <Typography.Paragraph>
            {t('legalDocs.sign.codeSent', {
              to: sent.sent_to,
              time: formatDateTime(sent.expires_at),
              minutes: SIGN_CODE.ttlMinutes,
            })}
          </Typography.Paragraph>
          <label className="sign-modal__label" htmlFor="sign-code">
            {t('legalDocs.sign.code')}
          </label>
          <div className="sign-modal__otp">
            <CodeInput
              id="sign-code"
              length={SIGN_CODE.digits}
              value={code}
              onChange={(value) => {
                setCode(value);
                void submitCode(value);
              }}
              disabled={confirm.isPending}
              autoFocus
              aria-label={t('legalDocs.sign.code')}
            />
          </div>
          {confirm.isError ? (
            <Alert
              type="error"
              showIcon
              className="sign-modal__error"
              title={errorContent(confirm.error)}
              description={left !== null ? t('legalDocs.sign.attemptsLeft', { count: left }) : undefined}
            />
          ) : null}
          {start.isError ? <ErrorAlert error={start.error} className="sign-modal__error" /> : null}
          <Space wrap>
            <Button
              type="primary"
              loading={confirm.isPending}
              disabled={code.length !== SIGN_CODE.digits}
              onClick={() => void submitCode(code)}
            >
              {t('legalDocs.sign.confirm')}
            </Button>
            <Button
              disabled={wait > 0 || start.isPending || given === null}
              loading={start.isPending}
              onClick={() => given && void askCode(given)}
            >
              {wait > 0 ? t('legalDocs.sign.resendIn', { seconds: wait }) : t('legalDocs.sign.resend')}
            </Button>
          </Space>
        </div>
      ) : null}

      {step === 3 && signed ? (
        <Result
          status="success"
          title={t('legalDocs.sign.doneTitle')}
          subTitle={t('legalDocs.sign.doneDetail', { time: formatDateTime(signed.signed_at ?? '') })}
          extra={[
            <Button
              key="download"
              type="primary"
              onClick={() =>
                void downloadStoredFile(
                  {
                    path: myDocumentPdfPath(signed.id, true),
                    name: `${signed.title}-${t('legalDocs.signedSuffix')}.pdf`,
                  },
                  { notify: (text) => message.error(text) },
                )
              }
            >
              {t('legalDocs.downloadSigned')}
            </Button>,
            <Button key="close" onClick={onClose}>
              {t('legalDocs.sign.close')}
            </Button>,
          ]}
        />
      ) : null}

      <PdfViewerModal
        path={reading ? myDocumentPdfPath(doc.id) : null}
        title={doc.title}
        onClose={() => {
          setReading(false);
          setRead(true);
          if (step === 0) setStep(1);
        }}
      />
    </Modal>
  );
}
