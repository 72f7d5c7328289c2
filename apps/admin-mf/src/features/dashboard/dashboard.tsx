import { usePageTitle } from '@shop/ui';
import { Heading } from '../../shared/layout.js';
import { useDashboard } from './api/get-dashboard.js';
import { useLowStock } from './api/get-low-stock.js';
import { LowStockChart } from './components/low-stock-chart.js';
import { OrderStatesChart } from './components/order-states-chart.js';
import { SalesChart } from './components/sales-chart.js';
import { TopProductsChart } from './components/top-products-chart.js';
import { ChartGrid } from './dashboard.styles.js';

/**
 * 'Dashboard': sales per day, orders by state and top products (the orders service's figures) and low
 * stock (the catalog's), four charts each with its numbers as a table. The two reads are independent:
 * one that fails shows its red alert in its own charts, the others still show.
 */
export function Dashboard() {
  usePageTitle('Dashboard');
  const figures = useDashboard();
  const lowStock = useLowStock();

  return (
    <>
      <Heading>Dashboard</Heading>
      <ChartGrid>
        <SalesChart query={figures} />
        <OrderStatesChart query={figures} />
        <TopProductsChart query={figures} />
        <LowStockChart query={lowStock} />
      </ChartGrid>
    </>
  );
}
