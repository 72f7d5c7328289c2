import { z } from 'zod';

/** `name=location` pairs: a remote's built folder (served at /mf/{name}/{build}/) or the http(s) URL of its remoteEntry.js. */
export const remotesSetting = z
  .string()
  .default('catalog=apps/catalog-mf/dist checkout=apps/checkout-mf/dist admin=apps/admin-mf/dist')
  .transform((value) => value.split(/\s+/).filter(Boolean).map((pair) => pair.split('=')))
  .pipe(
    z.array(
      z.tuple(
        [z.string().regex(/^[a-z][a-z0-9-]{0,30}$/, 'remote names are lowercase words'), z.string().min(1)],
        { error: 'must be name=folder-or-remote-entry-url pairs separated by spaces' },
      ),
    ),
  );

/**
 * Where the front end's files are: the settings the storefront server serves them from, and the gateway
 * reads too for the minimal page it serves while the storefront server is down (docs/gateway.md).
 */
export const frontEndFileSettings = {
  SHELL_DIR: z
    .string()
    .min(1)
    .default('apps/shell/dist')
    .meta({
      description:
        'The built shell (index.html and its assets), served at / with index.html for the browser\'s routes. The gateway serves it, and the remotes\' files, only while the storefront server is down, for the browser to render (docs/gateway.md, "While the storefront server is down").',
    }),
  MF_REMOTES: remotesSetting.meta({
    description:
      'Where each micro-frontend lives, fixed at start: name=built-folder (served at /mf/{name}/{build id}/) or name=https://…/remoteEntry.js, separated by spaces; the shell reads it at run time from /mf/remotes.json.',
  }),
  MF_REMOTES_FILE: z
    .string()
    .min(1)
    .optional()
    .meta({
      description:
        'A JSON file { "catalog": "catalog/3f9a1c2b7d", … } naming the build each remote runs (a folder relative to the file, or the URL of a remoteEntry.js), used instead of MF_REMOTES and reread when it changes: switching or rolling back a remote is editing it. tools/scripts/mf-release.mjs publishes builds under MF_RELEASES_DIR and switches them in its remotes.json (docs/micro-frontends.md).',
      examples: ['.data/mf-releases/remotes.json'],
    }),
};
