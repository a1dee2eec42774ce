import { TableScroll } from '../../../components/table-scroll';
import './report-charts.css';

export interface Series {
  key: string;
  label: string;
  /** A colour class of report-charts.css: chart__bar--1 .. --4. */
  tone: 1 | 2 | 3 | 4;
}

interface BarChartProps {
  title: string;
  /** One group of bars per category (a month, a state). */
  categories: { key: string; label: string; values: Record<string, number> }[];
  series: Series[];
  /** Bars of a category side by side, or stacked into one. */
  stacked?: boolean;
  format?: (value: number) => string;
}

const HEIGHT = 180;
const LABEL_SPACE = 22;

/**
 * Bars drawn as SVG from the figures (no chart library to load). The picture is for looking; the
 * same figures are in the table beside it, which is what screen readers read.
 */
export function BarChart({ title, categories, series, stacked = false, format = String }: BarChartProps) {
  const totals = categories.map((c) => (stacked ? series.reduce((sum, s) => sum + (c.values[s.key] ?? 0), 0) : Math.max(0, ...series.map((s) => c.values[s.key] ?? 0))));
  const max = Math.max(1, ...totals);
  const slot = 100 / Math.max(1, categories.length);
  const barWidth = stacked ? slot * 0.6 : (slot * 0.8) / series.length;
  const scale = (value: number) => (value / max) * HEIGHT;

  return (
    <figure className="chart">
      <svg className="chart__svg" viewBox={`0 0 100 ${HEIGHT + LABEL_SPACE}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line x1="0" x2="100" y1={HEIGHT} y2={HEIGHT} className="chart__axis" vectorEffect="non-scaling-stroke" />
        {categories.map((category, i) => {
          let stackedHeight = 0;
          return series.map((s, j) => {
            const value = category.values[s.key] ?? 0;
            const height = scale(value);
            const x = stacked ? i * slot + (slot - barWidth) / 2 : i * slot + slot * 0.1 + j * barWidth;
            const y = HEIGHT - height - (stacked ? stackedHeight : 0);
            if (stacked) stackedHeight += height;
            return <rect key={`${category.key}-${s.key}`} x={x} y={y} width={barWidth} height={height} className={`chart__bar chart__bar--${s.tone}`} />;
          });
        })}
      </svg>
      <div className="chart__labels" aria-hidden="true">
        {categories.map((category) => (
          <span key={category.key}>{category.label}</span>
        ))}
      </div>
      <figcaption>
        <span className="chart__title">{title}</span>
        <span className="chart__legend" aria-hidden="true">
          {series.map((s) => (
            <span key={s.key}>
              <i className={`chart__swatch chart__bar--${s.tone}`} /> {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      <details className="chart__figures">
        <summary>Figures</summary>
        <TableScroll label={title}>
          <table className="table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col" />
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map((category) => (
                <tr key={category.key}>
                  <th scope="row">{category.label}</th>
                  {series.map((s) => (
                    <td key={s.key}>{format(category.values[s.key] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
