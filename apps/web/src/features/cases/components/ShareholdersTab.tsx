import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { formatNumber, type ShareholderHistory } from '@dealflow/domain';
import { Button, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  authorLine,
  type CaseAccess,
  CaseItemsPanel,
  type ItemConfig,
  titleField,
} from './CaseItemsPanel.tsx';

interface HistoryValues {
  title: string;
  shareholders: { name: string; shares: number }[];
}

/** 股東歷程: a titled snapshot of the cap table, shareholders with their shares. */
export function ShareholdersTab({ caseId, access }: { caseId: number; access: CaseAccess }) {
  const { t } = useTranslation();
  const body = (v: HistoryValues) => ({
    title: v.title.trim(),
    shareholders: (v.shareholders ?? []).map((s) => ({ name: s.name.trim(), shares: s.shares })),
  });
  const config: ItemConfig<'shareholders', HistoryValues> = {
    kind: 'shareholders',
    fields: [titleField(t('cases.items.title'), t('cases.items.titleRequired'))],
    formExtra: (
      <Form.List
        name="shareholders"
        rules={[
          {
            validator: (_, value: unknown[] | undefined) =>
              value && value.length > 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('cases.items.shareholders.atLeastOne'))),
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => (
              <div key={field.key} className="shareholder-row">
                <Form.Item
                  name={[field.name, 'name']}
                  label={t('cases.items.shareholders.name')}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: t('cases.items.shareholders.nameRequired'),
                    },
                  ]}
                >
                  <Input />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'shares']}
                  label={t('cases.items.shareholders.shares')}
                  rules={[{ required: true, message: t('cases.items.shareholders.sharesRequired') }]}
                >
                  <InputNumber min={0} className="full-width" />
                </Form.Item>
                <Button
                  className="shareholder-row__remove"
                  type="text"
                  aria-label={t('cases.termSheet.remove')}
                  icon={<MinusCircleOutlined aria-hidden />}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ name: '', shares: 0 })}
            >
              {t('cases.items.shareholders.add')}
            </Button>
          </>
        )}
      </Form.List>
    ),
    initial: (item: ShareholderHistory | null) =>
      item
        ? { title: item.title, shareholders: item.shareholders }
        : { shareholders: [{ name: '', shares: 0 }] },
    createBody: body,
    updateBody: body,
    view: (item) => ({
      title: item.title,
      meta: [
        t('cases.items.shareholders.totalShares', {
          total: formatNumber(item.shareholders.reduce((n, s) => n + s.shares, 0)),
        }),
        authorLine(t, item.author),
      ],
      content: (
        <table className="shareholder-table">
          <thead>
            <tr>
              <th scope="col">{t('cases.items.shareholders.name')}</th>
              <th scope="col">{t('cases.items.shareholders.shares')}</th>
            </tr>
          </thead>
          <tbody>
            {item.shareholders.map((s, i) => (
              <tr key={`${s.name}-${String(i)}`}>
                <td>{s.name}</td>
                <td>{formatNumber(s.shares)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ),
    }),
  };
  return <CaseItemsPanel caseId={caseId} config={config} access={access} />;
}
