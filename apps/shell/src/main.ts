/**
 * Entry of the shell. Two things start at once, so neither waits for the other:
 * - finding the remotes: /mf/remotes.json, then the first page's remote files (start-up.ts);
 * - the download of bootstrap's chunk and React, behind the async boundary Module Federation needs
 *   before any shared module is touched.
 */
import { fetchRemoteManifest } from './remote-manifest.js';
import { connectRemotes } from './start-up.js';

const remotesReady = connectRemotes(fetchRemoteManifest(), window.location.pathname);
void import('./bootstrap.js').then(({ start }) => start(remotesReady));
