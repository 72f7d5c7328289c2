import { useMemo } from 'react';
import { dollars, QueryResult, Table, type Loadable } from '@shop/ui';
import { counted, salesConfig } from '../chart-configs.js';
import type { DashboardFigures } from '../dashboard-types.js';
import { ChartFigure, ChartView } from './chart-figure.js';

function SalesView({ days }: { days: DashboardFigures['days'] }) {
  const config = useMemo(() => salesConfig(days), [days]);
  const total = days.reduce((sum, day) => sum + day.sales, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  return (
    <ChartView
      config={config}
      summary={`Sales of the last ${days.length} days: ${dollars(total)} in ${counted(orders, 'paid order')}`}
      note={`${dollars(total)} in ${counted(orders, 'paid order')}. Sales are paid orders at their totals, counted on the day (UTC) they were paid.`}
      numbers={
        <Table label="Sales per day" columns={['DAY (UTC)', 'PAID ORDERS', 'SALES']}>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.orders}</td>
              <td>{dollars(day.sales)}</td>
            </tr>
          ))}
        </Table>
      }
    />
  );
}

/** 'Sales per day': the last 30 UTC days' sales as bars, from the dashboard figures. */
export function SalesChart({ query }: { query: Loadable<DashboardFigures> }) {
  return (
    <ChartFigure caption="Sales per day (last 30 days)">
      <QueryResult query={query}>{(figures) => <SalesView days={figures.days} />}</QueryResult>
    </ChartFigure>
  );
}
