import { useMemo } from 'react';
import { QueryResult, Table, type Loadable } from '@shop/ui';
import { counted, STATE_LABELS, statesConfig } from '../chart-configs.js';
import type { DashboardFigures } from '../dashboard-types.js';
import { ChartFigure, ChartView } from './chart-figure.js';

function StatesView({ byState }: { byState: DashboardFigures['byState'] }) {
  const config = useMemo(() => statesConfig(byState), [byState]);
  const total = byState.reduce((sum, row) => sum + row.count, 0);
  return (
    <ChartView
      config={config}
      summary={`${counted(total, 'order')} placed in the last 30 days: ${byState.map((row) => `${row.count} ${STATE_LABELS[row.state].toLowerCase()}`).join(', ')}`}
      note={`${counted(total, 'order')} placed in the last 30 days, by where they stand now.`}
      numbers={
        <Table label="Orders by state" columns={['STATE', 'ORDERS']}>
          {byState.map((row) => (
            <tr key={row.state}>
              <th scope="row">{STATE_LABELS[row.state]}</th>
              <td>{row.count}</td>
            </tr>
          ))}
        </Table>
      }
    />
  );
}

/** 'Orders by state': the orders placed in the window, by display state, as a doughnut. */
export function OrderStatesChart({ query }: { query: Loadable<DashboardFigures> }) {
  return (
    <ChartFigure caption="Orders by state">
      <QueryResult query={query}>{(figures) => <StatesView byState={figures.byState} />}</QueryResult>
    </ChartFigure>
  );
}
