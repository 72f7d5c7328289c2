import { createRequire } from 'node:module';

/** Where the docs page lives; its assets and the merged document sit below it. */
export const DOCS_PATH = '/api/docs';

/** Swagger UI's own files (from swagger-ui-dist, which @nestjs/swagger brings). */
export const SWAGGER_UI_DIR: string = createRequire(import.meta.url)('swagger-ui-dist/absolute-path.js')();

/** The files of Swagger UI the page loads, served as they are. */
export const SWAGGER_UI_ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

/**
 * The docs page. Its script is a file of its own rather than inline, so the
 * page runs under the same content security policy as the shop.
 */
export const SWAGGER_UI_PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Shop API</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/swagger-initializer.js"></script>
  </body>
</html>
`;

export const SWAGGER_UI_INITIALIZER = `window.ui = SwaggerUIBundle({
  url: '${DOCS_PATH}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;
