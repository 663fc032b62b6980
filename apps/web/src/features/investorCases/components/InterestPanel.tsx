import { formatMoney, type InvestorCaseDetail } from '@dealflow/domain';
import { Alert, Button, Card, Form, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { MoneyInput } from '../../../shared/fields/MoneyInput.tsx';
import { useRegisterInterest, useWithdrawInterest } from '../api/investorCasesApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * "I'm interested" (issue 13): for the membership tiers that co-invest, while the case raises, with
 * an optional indicative amount; withdrawn at will. Tiers that invest through the fund are told so
 * instead of being offered a button the server would refuse.
 */
export function InterestPanel({ kase }: { kase: InvestorCaseDetail }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const register = useRegisterInterest(kase.id);
  const withdraw = useWithdrawInterest(kase.id);
  const [amount, setAmount] = useState<number | null>(kase.interest?.amount ?? null);
  const [editing, setEditing] = useState(false);

  async function remove() {
    try {
      await withdraw.mutateAsync();
      setAmount(null);
      message.success(t('investorCases.interest.withdrawn'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  const withdrawButton = (
    <Popconfirm
      title={t('investorCases.interest.withdrawConfirm')}
      okText={t('investorCases.interest.withdraw')}
      cancelText={t('common.cancel')}
      onConfirm={() => void remove()}
    >
      <Button danger loading={withdraw.isPending}>
        {t('investorCases.interest.withdraw')}
      </Button>
    </Popconfirm>
  );

  // Recused by a signed COI declaring a conflict (issue 13): say why instead of a button the server refuses.
  if (kase.recusal && kase.access.may_register_interest) {
    return (
      <Card size="small" title={t('investorCases.interest.title')} className="icase-interest">
        <Alert
          type="warning"
          showIcon
          title={t('investorCases.recusal.title')}
          description={t('investorCases.interest.recused')}
          data-testid="interest-recused"
        />
        <div className="icase-interest__actions">
          <Button type="primary" disabled>
            {t('investorCases.interest.register')}
          </Button>
          <Link to={`/investor/cases/detail/${kase.id}/coi`}>{t('investorCases.interest.toCoi')}</Link>
          {kase.interest !== null ? withdrawButton : null}
        </div>
      </Card>
    );
  }

  if (!kase.access.may_register_interest) {
    if (!kase.access.invests_through_fund) return null;
    return (
      <Card size="small" title={t('investorCases.interest.title')}>
        <Typography.Paragraph>{t('investorCases.interest.throughFund')}</Typography.Paragraph>
      </Card>
    );
  }

  async function save() {
    try {
      await register.mutateAsync({ amount });
      message.success(t('investorCases.interest.saved'));
      setEditing(false);
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  const registered = kase.interest !== null;
  return (
    <Card size="small" title={t('investorCases.interest.title')} className="icase-interest">
      {registered && !editing ? (
        <>
          <Alert
            type="success"
            showIcon
            title={t('investorCases.interest.registered')}
            description={
              kase.interest?.amount !== null && kase.interest?.amount !== undefined
                ? t('investorCases.interest.amountIs', {
                    amount: formatMoney(kase.interest.amount, kase.currency),
                  })
                : t('investorCases.interest.noAmount')
            }
          />
          <div className="icase-interest__actions">
            <Button onClick={() => setEditing(true)}>{t('investorCases.interest.change')}</Button>
            {withdrawButton}
          </div>
        </>
      ) : (
        <Form layout="vertical" onFinish={() => void save()}>
          <Typography.Paragraph type="secondary">{t('investorCases.interest.intro')}</Typography.Paragraph>
          <Form.Item label={t('investorCases.interest.amount')} htmlFor="interest-amount">
            <MoneyInput
              id="interest-amount"
              currency={kase.currency}
              value={amount}
              onChange={(v) => setAmount(typeof v === 'number' ? v : null)}
            />
          </Form.Item>
          <div className="icase-interest__actions">
            <Button type="primary" htmlType="submit" loading={register.isPending}>
              {registered ? t('investorCases.interest.save') : t('investorCases.interest.register')}
            </Button>
            {editing ? <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button> : null}
          </div>
        </Form>
      )}
    </Card>
  );
}
