import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { answerHeadFor, answerJson, ClientAddresses, CROSS_SITE_POST_MESSAGE, endAnswer, isCrossSitePost, REQUEST_ID_HEADER, requestOriginOf, SERVICE_CONFIG, tooLargeMessage } from '@shop/service-kit';
import { MAX_SEARCH_TEXT_LENGTH, SEARCH_FORM, searchPath, SIGN_IN_FORM, signedInTarget, withRedirect, type SignInFormError } from '@shop/contracts';
import type { StorefrontConfig } from '../config.js';
import { isPlainForm, readFormBody } from './form-body.js';
import { SignInForm } from './sign-in-form.service.js';

/** A sign-in form's body: an email and a password, percent-encoded, fit in far less. */
export const SIGN_IN_FORM_BODY_LIMIT = 4 * 1024;
/**
 * How long a browser or a shared cache may keep the search form's redirect: it depends on the address
 * only, and searchPath changes with a release at most.
 */
const SEARCH_REDIRECT_CACHE_CONTROL = 'public, max-age=300';

/** The query string of a request, parsed as a browser's form writes it (a parameter given twice: its first value by `get`). */
const queryOf = (req: Request) => new URLSearchParams(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '');

/**
 * 303 See Other to `location` (a path of the shop). The client's body, when it was not read (an
 * answer before it), is read and thrown away, or the connection closes after the answer (unread-bodies.ts).
 */
function seeOther(req: IncomingMessage, res: ServerResponse, location: string): void {
  res.writeHead(303, answerHeadFor(req, { location, 'content-length': 0 }));
  endAnswer(req, res, () => res.end());
}

/**
 * The storefront's plain HTML forms (libs/contracts' plain-forms.ts; docs/ssr.md, "Forms before and
 * without the shell"), submitted by the browser itself when JavaScript is off or the shell has not
 * started: the header's search box (`GET /search?q=`) and the sign-in form (`POST /login`). Both answer
 * 303 See Other to a page. Registered before FrontEndController, whose catch-all would take these paths
 * otherwise (`GET /search` as a page, `POST /login` as 404).
 */
@ApiExcludeController()
@Controller()
export class PlainFormsController {
  private readonly logger = new Logger('PlainForms');
  /** PUBLIC_URL's origin: the one a form of the shop posts from, when it is set. */
  private readonly publicOrigin?: string;

  constructor(
    @Inject(SERVICE_CONFIG) config: StorefrontConfig,
    private readonly clients: ClientAddresses,
    private readonly signInForm: SignInForm,
  ) {
    this.publicOrigin = config.PUBLIC_URL === undefined ? undefined : new URL(config.PUBLIC_URL).origin;
  }

  /**
   * The search box: to searchPath(q), the page the shell's search box goes to (a blank or missing q:
   * the home page; q given twice: its first). A text over MAX_SEARCH_TEXT_LENGTH characters is 400,
   * rather than cut: a search for words the shopper did not type would look like the shop's answer.
   * (HEAD too: Express answers it with the GET route.)
   */
  @Get(SEARCH_FORM.action.slice(1))
  search(@Req() req: Request, @Res() res: Response): void {
    const text = queryOf(req).get(SEARCH_FORM.field) ?? '';
    if (text.trim().length > MAX_SEARCH_TEXT_LENGTH) {
      return answerJson(res, 400, { message: `The search text is too long (${MAX_SEARCH_TEXT_LENGTH} characters at most)` }, {}, req);
    }
    res.setHeader('Cache-Control', SEARCH_REDIRECT_CACHE_CONTROL);
    seeOther(req, res, searchPath(text));
  }

  /**
   * The sign-in form: `POST /login[?redirect=x]`, `email` and `password` form-encoded. Signed in, 303 to
   * signedInTarget(x) (the page, marked for its first-paint script) with the session in the handoff
   * cookie; not, 303 back to /login with the redirect kept (when clean) and an `error` code. Refused
   * before anything is asked of the users service: a post from another site's page (403), a body that is
   * not a form (415) or over 4 KB (413), each `{ message }`.
   * The gateway counts it in the client's /api rate limit as the `POST /api/users/login` it stands for,
   * and sends a shopper over it back with `error=busy` before it gets here. Never a 5xx, and never cached.
   */
  @Post(SIGN_IN_FORM.action.slice(1))
  async signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    const shopOrigin = this.publicOrigin ?? requestOriginOf(req.headers.host, this.clients.overHttps(req)) ?? '';
    if (isCrossSitePost(req.headers, shopOrigin)) return answerJson(res, 403, { message: CROSS_SITE_POST_MESSAGE }, {}, req);
    if (!isPlainForm(req)) return answerJson(res, 415, { message: 'The sign-in form is sent as application/x-www-form-urlencoded (UTF-8)' }, {}, req);
    const redirect = queryOf(req).get('redirect');
    const backToForm = (error: SignInFormError) => {
      const page = withRedirect(SIGN_IN_FORM.action, redirect);
      seeOther(req, res, `${page}${page.includes('?') ? '&' : '?'}${SIGN_IN_FORM.error}=${error}`);
    };
    try {
      const body = await readFormBody(req, SIGN_IN_FORM_BODY_LIMIT);
      if ('broken' in body) return void res.destroy();
      if ('tooLarge' in body) return answerJson(res, 413, { message: tooLargeMessage(SIGN_IN_FORM_BODY_LIMIT) }, {}, req);
      const outcome = await this.signInForm.signIn(req, String(res.getHeader(REQUEST_ID_HEADER) ?? ''), body.fields);
      if (!outcome.signedIn) return backToForm(outcome.error);
      res.append('Set-Cookie', outcome.cookie);
      seeOther(req, res, signedInTarget(redirect));
    } catch (error) {
      // A fault of the storefront server's own: logged, and the shopper sent back to the form all the same.
      this.logger.error(`sign-in form: ${error instanceof Error ? error.stack : String(error)}`);
      if (res.headersSent) res.destroy();
      else backToForm('unavailable');
    }
  }
}
