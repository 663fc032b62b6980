import type { Chart as ChartInstance } from 'chart.js';
import { type Ref, useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { usePrefersReducedMotion } from '../../../shared/hooks/usePrefersReducedMotion.ts';
import { chartData, chartOptions } from '../lib/chartConfig.ts';
import '../lib/chartSetup.ts';
import type { ChartSpec } from '../lib/chartSpec.ts';

/** One chart drawn by Chart.js; a click on a bar or slice opens the list behind it. */
export function ChartCanvas({
  spec,
  label,
  chartRef,
}: {
  spec: ChartSpec;
  /** What the chart shows, for screen readers (the data table view has the figures). */
  label: string;
  chartRef: Ref<ChartInstance | undefined>;
}) {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const reducedMotion = usePrefersReducedMotion();
  const language = currentLanguage();
  const data = useMemo(() => chartData(spec), [spec]);
  const options = useMemo(
    () => chartOptions(spec, { mobile, reducedMotion, language, navigate: (href) => navigate(href) }),
    [spec, mobile, reducedMotion, language, navigate],
  );
  return (
    <Chart
      ref={chartRef as Ref<ChartInstance<'bar'> | undefined>}
      type={spec.kind as 'bar'}
      data={data as never}
      options={options as never}
      role="img"
      aria-label={label}
    />
  );
}
