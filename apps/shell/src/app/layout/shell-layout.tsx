/**
 * The page frame of spec section 2 around every screen: the header, the remote's page in <main>,
 * and the footer with the copyright line.
 */
import { Outlet } from 'react-router-dom';
import { Container } from '@shop/ui';
import { Header } from './header.js';
import { Footer, Main, Page } from './styles.js';

export function ShellLayout() {
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
