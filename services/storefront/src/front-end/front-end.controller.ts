import { All, Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { cohortCookie, cohortOf, newCohort } from '@shop/mf-releases';
import { ClientAddresses, labelRoute, REQUEST_ID_HEADER } from '@shop/service-kit';
import { PageReports } from '../releases/page-reports.service.js';
import { FrontEnd } from './front-end.service.js';
import { decodedPathSegment } from './path-segment.js';
import { firstCallsWithQuery, renderedAddressOf, searchPageQueryOf, signInPageQueryOf } from './search-page-query.js';
import { ServerPages } from './server-pages.js';
import { REMOTES_PATH } from './remote-builds.js';

/**
 * A browser route of the single-page app: no file extension, outside /api and the image and remote paths;
 * and a search page whatever its keyword holds ('3.5mm jack' and 'Dr. Martens' have dots, not extensions).
 */
const BROWSER_ROUTE = /^\/(?!api(\/|$)|uploads(\/|$)|mf(\/|$))[^.]*$|^\/search\/[^/]+(\/page\/[^/.]+)?$/;

const notFound = () => new NotFoundException('Not found');

/** The route label of the shell's own files (main.js, icons) in the metrics and traces. */
const SHELL_FILE_ROUTE = '(shell file)';
/** The route label of a page at an address no route of the shell takes (its not-found page). */
const NO_PAGE_ROUTE = '(no route)';

/** Runs an express file handler; resolves true when it answered, false when it found no file. */
function serveFrom(handler: (req: Request, res: Response, next: NextFunction) => void, req: Request, res: Response): Promise<boolean> {
  return new Promise((resolve, reject) => {
    res.once('finish', () => resolve(true));
    handler(req, res, (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(false)));
  });
}

/**
 * Every path no service answers: the storefront's files, the micro-frontends'
 * run-time list and builds, and index.html (with the page's remotes written in) for
 * the browser's routes. Anything else (an unknown /api path above all) answers
 * 404 `{ message }`.
 */
@ApiExcludeController()
@Controller()
export class FrontEndController {
  constructor(
    private readonly frontEnd: FrontEnd,
    private readonly clients: ClientAddresses,
    private readonly serverPages: ServerPages,
    private readonly reports: PageReports,
  ) {}

  @Get(`${REMOTES_PATH.slice(1)}/remotes.json`)
  remotes(@Req() req: Request, @Res({ passthrough: true }) res: Response): Record<string, string> {
    res.setHeader('Cache-Control', 'no-cache');
    return this.frontEnd.remoteEntries(this.cohortFor(req, res));
  }

  /**
   * The shopper's cohort while a canary runs (from the cookie, or a new one given with the answer, so
   * the browser keeps its builds from one page to the next); the answer then depends on the cookie and
   * is private. Without a canary every shopper gets the same builds: no cookie is read or given.
   */
  private cohortFor(req: Request, res: Response): number | undefined {
    if (!this.frontEnd.canaryRunning) return undefined;
    res.setHeader('Vary', 'Cookie');
    res.setHeader('Cache-Control', 'private, no-cache');
    const known = cohortOf(req.headers.cookie);
    if (known !== undefined) return known;
    const cohort = newCohort();
    res.append('Set-Cookie', cohortCookie(cohort, this.clients.overHttps(req)));
    return cohort;
  }

  @Get(`${REMOTES_PATH.slice(1)}/:name/:build/{*file}`)
  async remoteFile(@Param('name') name: string, @Param('build') build: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const files = this.frontEnd.buildFilesOf(name, build);
    if (!files) throw notFound();
    // The build's folder is its own root: strip /mf/{name}/{build} from the path it looks up.
    const url = req.url;
    req.url = req.url.slice(`${REMOTES_PATH}/${name}/${build}`.length) || '/';
    // A file the build's manifest lists counts for its canary, served or not (a name it does not list
    // proves nothing of the build: anyone may ask for one).
    const file = decodedPathSegment(req.path.slice(1));
    const counted = file !== undefined && files.listed.has(file);
    let served = false;
    try {
      served = await serveFrom(files.serve, req, res);
      if (!served) throw notFound();
    } finally {
      req.url = url;
      if (counted) this.reports.fileRequest(name, build, file, !served, this.clients.of(req));
    }
  }

  @All('{*path}')
  async shell(@Req() req: Request, @Res() res: Response): Promise<void> {
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    if (!readOnly || !this.frontEnd.shellBuilt || req.path.startsWith('/api/') || req.path === '/api') throw notFound();
    const browserRoute = (BROWSER_ROUTE.test(req.path) || req.path === '/index.html') && req.accepts('html');
    if (!browserRoute) {
      labelRoute(res, SHELL_FILE_ROUTE);
      if (await serveFrom(this.frontEnd.shellFiles, req, res)) return;
      throw notFound();
    }
    res.setHeader('Cache-Control', 'no-cache');
    const remotes = this.frontEnd.remotesFor(this.cohortFor(req, res));
    // The page's own credential: its reports count for its builds, once (libs/mf-releases' page-session.ts).
    const address = this.clients.of(req);
    const credential = this.frontEnd.credentialFor(remotes, address);
    const found = this.frontEnd.pageParts(req.path, remotes);
    if (found === undefined) {
      res.removeHeader('Set-Cookie');
      throw notFound();
    }
    // Counted and traced as its kind of page (`/product/:id`), not as the catch-all route.
    labelRoute(res, found.route ?? NO_PAGE_ROUTE);
    // Rendered on the server (docs/ssr.md) from the path and, on a search page, its filters and order
    // only (normalised, unknown parameters dropped): keying pages by the whole query string would let
    // anyone fill the page cache with copies of one page.
    // The sign-in pages read their redirect and a plain form's error code the same way.
    const queryStart = req.originalUrl.indexOf('?');
    const query = queryStart === -1 ? '' : req.originalUrl.slice(queryStart);
    const search = searchPageQueryOf(req.path, query);
    const signIn = signInPageQueryOf(req.path, query);
    const parts = { ...found, firstCalls: firstCallsWithQuery(found.firstCalls, search) };
    const requestId = String(res.getHeader(REQUEST_ID_HEADER) ?? '');
    const url = signIn ? `${req.path}?${signIn}` : renderedAddressOf(req.path, search);
    const page = { url, remotes, credential, address, requestId };
    if (await this.serverPages.send(page, parts, res)) return;
    res.status(parts.impossible ? 404 : 200).type('html').send(this.frontEnd.browserPage(parts, credential));
  }
}
