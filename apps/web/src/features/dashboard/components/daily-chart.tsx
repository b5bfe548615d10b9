import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../format';

export interface DailyPoint {
  /** YYYY-MM-DD (UTC). */
  date: string;
  value: number;
}

export interface DailyChartProps {
  title: string;
  /** One sentence with the numbers that matter, read before the table. */
  summary: string;
  /** What the chart plots, one point per day, oldest first. */
  points: readonly DailyPoint[];
  valueLabel: string;
  /** The columns of the accessible table after the date; each has one value per point. */
  columns: readonly { label: string; values: readonly number[] }[];
  testId: string;
}

/**
 * A per-day area chart. The drawing is for the eye only: screen readers get the summary and a
 * table of every day (visually hidden), which is also what the browser journeys read.
 */
export function DailyChart({ title, summary, points, valueLabel, columns, testId }: DailyChartProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  // useId may hold characters a url(#…) reference does not take.
  const gradientId = `listens-fill-${useId().replace(/[^\w-]/g, '')}`;
  const data = points.map((point) => ({ ...point, label: formatDay(point.date, i18n.language, 'short') }));
  return (
    <section className="dashboard-card dashboard-chart" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="dashboard-card__title">
        {title}
      </h2>
      <p className="dashboard-chart__summary">{summary}</p>
      <div className="dashboard-chart__plot" aria-hidden="true">
        <AreaChart responsive style={{ width: '100%', height: '100%' }} data={data} accessibilityLayer={false}>
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--accent)" stopOpacity={0.45} />
              <stop offset="100%" stopColor="var(--accent)" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" stroke="var(--text-faint)" tickLine={false} minTickGap={16} fontSize={12} />
          <YAxis stroke="var(--text-faint)" allowDecimals={false} tickLine={false} width={36} fontSize={12} />
          <Tooltip
            contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 8 }}
            labelStyle={{ color: 'var(--text-muted)' }}
          />
          <Area
            type="monotone"
            dataKey="value"
            name={valueLabel}
            stroke="var(--accent)"
            strokeWidth={2}
            fill={`url(#${gradientId})`}
            isAnimationActive={false}
          />
        </AreaChart>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.date')}</th>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr key={point.date} data-date={point.date}>
              <th scope="row">{formatDay(point.date, i18n.language, 'long')}</th>
              {columns.map((column) => (
                <td key={column.label}>{column.values[index] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
