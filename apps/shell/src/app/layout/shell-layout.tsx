/**
 * The page frame of spec section 2 around every screen. The header (brand, search, cart, user and
 * admin menus) arrives with the shared UI library; the frame is already in place so remotes render
 * into <main> and nothing shifts when the header fills in.
 */
import { Outlet } from 'react-router-dom';
import { Footer, Header, Main, Page } from './styles.js';

export function ShellLayout() {
  return (
    <Page>
      <Header />
      <Main>
        <Outlet />
      </Main>
      <Footer>
        <p>Copyright &copy; ProShop</p>
      </Footer>
    </Page>
  );
}
