import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const SECTIONS = [
  { key: 'overview', path: '/investor/industry' },
  { key: 'detail', path: '/investor/industry/detail' },
  { key: 'investment', path: '/investor/industry/investment' },
  { key: 'record', path: '/investor/industry/record' },
] as const;
export type IndustrySection = (typeof SECTIONS)[number]['key'];

/** The four views of the industry area, one page each. */
export function IndustryNav({ active }: { active: IndustrySection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      className="iindustry-nav"
      activeKey={active}
      onChange={(key) => {
        const section = SECTIONS.find((s) => s.key === key);
        if (section) navigate(section.path);
      }}
      items={SECTIONS.map((s) => ({ key: s.key, label: t(`investorIndustry.nav.${s.key}`) }))}
    />
  );
}
