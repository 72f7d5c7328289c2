/** Standalone start of the catalog pages, for the catalog team (no shell around them). */
import { renderStandalone } from '@shop/standalone';
import { StandaloneRoutes } from './standalone-routes.js';

void renderStandalone('catalog', <StandaloneRoutes />);
