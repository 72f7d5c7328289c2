import { classed, css, theme } from '@shop/ui';
import { pageAreaCss } from '../remote-boundary.styles.js';
import { headerCss } from './header.styles.js';

const frame = { page: 'shell-page', main: 'shell-main', footer: 'shell-footer' } as const;

/** The frame: header on top, footer at the bottom of the window even on a short page. */
export const Page = classed('div', frame.page);
export const Main = classed('main', frame.main);
export const Footer = classed('footer', frame.footer);

/** The id of the frame's stylesheet (see ShellLayout). */
export const FRAME_STYLE_ID = 'shell-frame-style';

/** The frame's static stylesheet: page, header, footer. */
export const frameCss = css`
.${frame.page} {
  display: flex;
  flex-direction: column;
  min-height: 100vh;
}
.${frame.main} {
  flex: 1;
  padding-block: ${theme.space[4]};
}
.${frame.footer} {
  padding-block: ${theme.space[3]};
  text-align: center;
}
${headerCss}
${pageAreaCss}
`;
