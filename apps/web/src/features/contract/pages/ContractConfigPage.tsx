import { Alert, Segmented, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { CaseNameSelect } from '../../clients/components/CaseNameSelect.tsx';
import { useCaseContractConfig, useContractConfig } from '../api/contractApi.ts';
import { ContractConfigForm } from '../components/ContractConfigForm.tsx';
import '../contract.css';

/**
 * /dashboard/config/contract (admin; SPEC section 6 keeps every other role out): the contract
 * configuration for every case, or what one case changes of it (`?case=<id>` keeps the choice in
 * the address).
 */
export function ContractConfigPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const caseParam = Number(params.get('case'));
  const caseId = Number.isSafeInteger(caseParam) && caseParam > 0 ? caseParam : null;
  const scope = params.has('case') ? 'case' : 'default';
  const base = useContractConfig();
  const forCase = useCaseContractConfig(caseId);

  const setScope = (next: 'default' | 'case') =>
    setParams(next === 'case' ? { case: caseId ? String(caseId) : '' } : {}, { replace: true });

  const loading = () => (
    <div className="contract-loading" role="status">
      <Spin /> {t('contract.loading')}
    </div>
  );
  const failed = (error: unknown) => (
    <Alert type="error" showIcon title={t('contract.loadError')} description={errorContent(error)} />
  );

  let body: ReactNode;
  if (base.isPending) body = loading();
  else if (base.isError) body = failed(base.error);
  else if (scope === 'default') body = <ContractConfigForm key="default" mode="default" view={base.data} />;
  else if (caseId === null) body = <p className="contract-hint">{t('contract.scope.pickCase')}</p>;
  else if (forCase.isPending) body = loading();
  else if (forCase.isError) body = failed(forCase.error);
  else
    body = (
      <ContractConfigForm key={`case-${caseId}`} mode="case" view={forCase.data} base={base.data.value} />
    );

  return (
    <section className="page-section contract-page" aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title">
            {t('contract.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('contract.intro')}</Typography.Paragraph>
        </div>
      </div>
      <fieldset className="contract-scope">
        <legend className="visually-hidden">{t('contract.scope.label')}</legend>
        <Segmented<'default' | 'case'>
          aria-label={t('contract.scope.label')}
          value={scope}
          onChange={setScope}
          options={[
            { value: 'default', label: t('contract.scope.default') },
            { value: 'case', label: t('contract.scope.case') },
          ]}
        />
        {scope === 'case' ? (
          <CaseNameSelect
            value={caseId}
            onChange={(id) => setParams(id ? { case: String(id) } : { case: '' }, { replace: true })}
            placeholder={t('contract.scope.casePlaceholder')}
            aria-label={t('contract.scope.casePlaceholder')}
          />
        ) : null}
      </fieldset>
      {body}
    </section>
  );
}
