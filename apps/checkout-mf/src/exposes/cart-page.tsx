/**
 * The cart (spec section 2, route /cart/:id?), exposed to the shell as `checkout/CartPage`.
 * /cart/:id?qty=n adds the product first (re-fetched, quantity clamped), then the address becomes /cart.
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { cartCount, cartSubtotal, useAddToCart, useCart, useShopActions } from '@shop/shop-client';
import { Alert, Button, Col, dollars, Row, Spinner, usePageTitle } from '@shop/ui';
import { Lines } from '../features/cart/cart.styles.js';
import { CartLine } from '../features/cart/cart-line.js';
import { SummaryCard } from '../shared/price-summary.js';

export default function CartPage() {
  usePageTitle('Shopping Cart');
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { removeFromCart } = useShopActions();
  const { cartItems } = useCart();
  const addFromAddress = useAddToCart();
  const { mutate: addToCart } = addFromAddress;
  const changeQuantity = useAddToCart();
  const handled = useRef<string | null>(null);

  const qty = Number(searchParams.get('qty') ?? 1) || 1;
  useEffect(() => {
    // Once per visit of /cart/:id (StrictMode runs effects twice; the ref survives that).
    if (!id || handled.current === location.key) return;
    handled.current = location.key;
    addToCart({ productId: id, quantity: qty }, { onSettled: () => navigate('/cart', { replace: true }) });
  }, [id, qty, location.key, addToCart, navigate]);

  const adding = Boolean(id) || addFromAddress.isPending;
  const error = addFromAddress.error ?? changeQuantity.error;

  // A new change to the cart makes an earlier failure old news: its alert goes.
  function onQuantity(productId: string, quantity: number) {
    addFromAddress.reset();
    changeQuantity.mutate({ productId, quantity });
  }

  function onRemove(productId: string) {
    addFromAddress.reset();
    changeQuantity.reset();
    removeFromCart(productId);
  }

  return (
    <>
      <h1>Shopping Cart</h1>
      <Row>
        <Col $span={{ md: 8 }}>
          {adding && <Spinner label="Adding to cart..." />}
          {error && <Alert variant="danger">{error.message}</Alert>}
          {cartItems.length === 0 ? (
            // Not while a product is on its way in: the cart is about to stop being empty.
            !adding && (
              <Alert>
                Your cart is empty! <Link to="/">Go Back</Link>
              </Alert>
            )
          ) : (
            <Lines aria-label="Cart items">
              {cartItems.map((item) => (
                <CartLine
                  key={item.product}
                  item={item}
                  busy={changeQuantity.isPending}
                  onQuantity={(quantity) => onQuantity(item.product, quantity)}
                  onRemove={() => onRemove(item.product)}
                />
              ))}
            </Lines>
          )}
        </Col>
        <Col $span={{ md: 4 }}>
          <SummaryCard title={`Subtotal (${cartCount(cartItems)}) items`}>
            <p>{dollars(cartSubtotal(cartItems))}</p>
            <Button $block disabled={cartItems.length === 0} onClick={() => navigate('/login?redirect=shipping')}>
              Checkout
            </Button>
          </SummaryCard>
        </Col>
      </Row>
    </>
  );
}
