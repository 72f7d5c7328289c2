import { useMemo } from 'react';
import { Alert, dollars, QueryResult, Table, type Loadable } from '@shop/ui';
import { topProductsConfig } from '../chart-configs.js';
import type { DashboardFigures } from '../dashboard-types.js';
import { ChartFigure, ChartView } from './chart-figure.js';

function TopProductsView({ products }: { products: DashboardFigures['topProducts'] }) {
  const config = useMemo(() => topProductsConfig(products), [products]);
  if (products.length === 0) return <Alert>No sales in the last 30 days.</Alert>;
  return (
    <ChartView
      config={config}
      summary={`Best sellers of the last 30 days: ${products.map((product) => `${product.name}, ${product.quantity} sold`).join('; ')}`}
      note="Units sold in paid orders of the last 30 days; sales at the order prices, without shipping and tax."
      numbers={
        <Table label="Top products" columns={['PRODUCT', 'UNITS SOLD', 'SALES']}>
          {products.map((product) => (
            <tr key={product.productId}>
              <th scope="row">{product.name}</th>
              <td>{product.quantity}</td>
              <td>{dollars(product.sales)}</td>
            </tr>
          ))}
        </Table>
      }
    />
  );
}

/** 'Top products': the ten best sellers of the window, as horizontal bars of units sold. */
export function TopProductsChart({ query }: { query: Loadable<DashboardFigures> }) {
  return (
    <ChartFigure caption="Top products (last 30 days)">
      <QueryResult query={query}>{(figures) => <TopProductsView products={figures.topProducts} />}</QueryResult>
    </ChartFigure>
  );
}
