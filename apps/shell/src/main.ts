/**
 * Entry of the shell. The shared libraries (React…) are in this chunk (eager in the host, see
 * rspack.config.mjs), so the page renders as soon as it has run; the remotes are registered from
 * the list the gateway wrote into index.html, and the first page's remote files were already
 * requested by index.html's preload hints, in parallel with this file.
 */
import { start } from './bootstrap.js';
import { remoteManifestOfPage } from './remote-manifest.js';
import { connectRemotes } from './start-up.js';

void start(connectRemotes(remoteManifestOfPage()));
