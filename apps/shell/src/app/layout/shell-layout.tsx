/**
 * The page frame of spec section 2 around every screen: the header, the remote's page in <main>,
 * and the footer with the copyright line.
 */
import { Outlet } from 'react-router-dom';
import { Container, useStaticStyles } from '@shop/ui';
import { Header } from './header.js';
import { FRAME_STYLE_ID, Footer, frameCss, Main, Page } from './styles.js';

export function ShellLayout() {
  // Static CSS, added once before the first paint: rendering the frame generates no styles.
  useStaticStyles(FRAME_STYLE_ID, frameCss);
  return (
    <Page>
      <Header />
      <Main>
        <Container>
          <Outlet />
        </Container>
      </Main>
      <Footer>
        <p>Copyright &copy; ProShop</p>
      </Footer>
    </Page>
  );
}
