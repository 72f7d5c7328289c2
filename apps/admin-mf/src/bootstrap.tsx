/** Standalone start of the admin pages, for the admin team (no shell around them). */
import { renderStandalone } from '@shop/standalone';
import { StandaloneRoutes } from './standalone-routes.js';

void renderStandalone('admin', <StandaloneRoutes />);
