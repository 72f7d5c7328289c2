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
  /** The built shell (index.html and its assets), served at / with index.html for the browser's routes. */
  SHELL_DIR: z.string().min(1).default('apps/shell/dist'),
  /** Where each micro-frontend lives, read by the shell at run time from /mf/remotes.json. */
  MF_REMOTES: remotesSetting,
  /**
   * A JSON file `{ "catalog": "releases/catalog/3f9a1c2b7d", … }` naming the build each remote runs
   * (a folder, relative to the file, or the URL of a remoteEntry.js). When set it replaces MF_REMOTES,
   * and the storefront server rereads it when it changes: switching or rolling back a remote is editing it.
   */
  MF_REMOTES_FILE: z.string().min(1).optional(),
};
