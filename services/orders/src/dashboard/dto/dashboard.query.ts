/** GET /api/orders/dashboard takes no parameters: the window is the 30 UTC days up to today, and any parameter is refused (400). */
export class DashboardQuery {}
