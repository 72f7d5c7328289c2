import { useMemo } from 'react';
import { Alert, QueryResult, Table, type Loadable } from '@shop/ui';
import { lowStockConfig } from '../chart-configs.js';
import type { LowStockAnswer } from '../dashboard-types.js';
import { ChartFigure, ChartView } from './chart-figure.js';

function LowStockView({ answer }: { answer: LowStockAnswer }) {
  const config = useMemo(() => lowStockConfig(answer.products), [answer.products]);
  if (answer.products.length === 0) return <Alert variant="success">No product has {answer.threshold} or fewer in stock.</Alert>;
  return (
    <ChartView
      config={config}
      summary={`Products with ${answer.threshold} or fewer in stock: ${answer.products.map((product) => `${product.name}, ${product.countInStock} left`).join('; ')}`}
      note={`Products with ${answer.threshold} or fewer in stock, the fewest first.`}
      numbers={
        <Table label="Low stock" columns={['PRODUCT', 'IN STOCK']}>
          {answer.products.map((product) => (
            <tr key={product._id}>
              <th scope="row">{product.name}</th>
              <td>{product.countInStock}</td>
            </tr>
          ))}
        </Table>
      }
    />
  );
}

/** 'Low stock': the products running out (catalog's answer), as horizontal bars of what is left. */
export function LowStockChart({ query }: { query: Loadable<LowStockAnswer> }) {
  return (
    <ChartFigure caption="Low stock">
      <QueryResult query={query}>{(answer) => <LowStockView answer={answer} />}</QueryResult>
    </ChartFigure>
  );
}
