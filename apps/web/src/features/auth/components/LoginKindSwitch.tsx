import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

export type LoginKind = 'investor' | 'local';

/** 投資人 / 新創團隊: which sign-in the generic login page uses. */
export function LoginKindSwitch({
  value,
  onChange,
}: {
  value: LoginKind;
  onChange: (kind: LoginKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<LoginKind>
      block
      size="large"
      aria-label={t('auth.kindLabel')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'investor', label: t('auth.kind.investor') },
        { value: 'local', label: t('auth.kind.startup') },
      ]}
    />
  );
}
