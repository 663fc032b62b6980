import type { ContactStage } from '@dealflow/domain';
import { Tag } from 'antd';
import { useLabel } from '../../../shared/i18n/label.ts';

const COLOR: Record<ContactStage, string> = {
  p0: 'default',
  p1: 'blue',
  p2: 'cyan',
  p3: 'geekblue',
  p4: 'purple',
  p5: 'green',
  p6: 'gold',
  drop: 'red',
};

/** A client's contact stage, named (「P3 提案」), coloured along the pipeline. */
export function ClientStageTag({ stage }: { stage: ContactStage }) {
  const label = useLabel();
  return <Tag color={COLOR[stage]}>{label('contactStage', stage)}</Tag>;
}
