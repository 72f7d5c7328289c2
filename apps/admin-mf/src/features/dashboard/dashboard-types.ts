/** The answers the dashboard reads, as the services' OpenAPI documents describe them (ApiAnswer of @shop/shop-client). */
import type { ApiAnswer } from '@shop/shop-client';

export type DashboardFigures = ApiAnswer<'/api/orders/dashboard', 'get'>;
export type OrderDisplayState = DashboardFigures['byState'][number]['state'];
export type LowStockAnswer = ApiAnswer<'/api/products/low-stock', 'get'>;
export type LowStockProduct = LowStockAnswer['products'][number];
