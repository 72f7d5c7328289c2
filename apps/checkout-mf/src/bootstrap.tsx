/** Standalone start of the checkout pages, for the checkout team (no shell around them). */
import { renderStandalone } from '@shop/standalone';
import { StandaloneRoutes } from './standalone-routes.js';

void renderStandalone('checkout', <StandaloneRoutes />);
