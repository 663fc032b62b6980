import type { CaseStage } from '@dealflow/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<CaseStage, string> = {
  draft: 'default',
  s0: 'blue',
  s1: 'cyan',
  s2: 'geekblue',
  s3: 'purple',
  s4: 'magenta',
  after_invest: 'green',
  finish: 'gold',
  drop: 'red',
};

export function StageTag({ stage }: { stage: CaseStage }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[stage]}>{t(`caseStages.${stage}`)}</Tag>;
}
