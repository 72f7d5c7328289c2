import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { ChartConfiguration, ChartType } from 'chart.js';
import { usePrefersReducedMotion } from '@shop/ui';
import { CanvasBox, Caption, Figure, Note, Numbers } from '../dashboard.styles.js';

export interface ChartFigureProps {
  /** What the chart shows, e.g. 'Sales per day': the figure's caption. */
  caption: string;
  /** The figure's content: a ChartView once the data is there, else the spinner or the red alert. */
  children: ReactNode;
}

/** A dashboard part: a `<figure>` named by its `<figcaption>`, however its data stands. */
export function ChartFigure({ caption, children }: ChartFigureProps) {
  const captionId = useId();
  // Named by its caption explicitly too: not every accessibility tree derives a figure's name from it.
  return (
    <Figure aria-labelledby={captionId}>
      <Caption id={captionId}>{caption}</Caption>
      {children}
    </Figure>
  );
}

export interface ChartViewProps<T extends ChartType> {
  /** What the chart draws. */
  config: ChartConfiguration<T>;
  /** The chart in one sentence, for screen readers (the canvas's name), e.g. 'Sales of the last 30 days: $1,234.00 in 12 orders'. */
  summary: string;
  /** Its numbers as a table: out of sight, read by screen readers. */
  numbers: ReactNode;
  /** An extra line under the chart (what counts, where the numbers come from). */
  note?: ReactNode;
}

/**
 * A chart on a canvas, drawn by chart.js, which is loaded here, on first use, with `import()`: no other
 * page downloads it. Redrawn when its configuration or the reduced-motion setting changes (no animation
 * then). The canvas is an image named by `summary`; the exact numbers are in the table beside it.
 */
export function ChartView<T extends ChartType>({ config, summary, numbers, note }: ChartViewProps<T>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    let drawn: { destroy(): void } | undefined;
    let gone = false;
    void import('../chart-engine.js').then(({ drawChart }) => {
      if (!gone && canvas.current) drawn = drawChart(canvas.current, config, reducedMotion);
    });
    return () => {
      gone = true;
      drawn?.destroy();
    };
  }, [config, reducedMotion]);

  return (
    <>
      <CanvasBox>
        <canvas ref={canvas} role="img" aria-label={summary} />
      </CanvasBox>
      {note && <Note>{note}</Note>}
      <Numbers>{numbers}</Numbers>
    </>
  );
}
