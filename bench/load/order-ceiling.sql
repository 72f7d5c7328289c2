-- The SQL one order costs the shop's databases, for pgbench: one run of this script is one order.
-- bench/load/src/ceiling.ts runs it after the `orders` scenario (pgbench -M prepared, as the shop sends its
-- hot statements: service-kit's `prepared`, parsed once per connection) with as many clients as the bench had customers,
-- on a database holding the orders service's schema as `orders` and the catalog's as `catalog`.
--
-- The statements are the services' own (file and function named above each), as their source has them
-- and as a bench run with log_statement = 'all' on the shop's databases showed them. What differs is only where the values come from: the services pass
-- arrays built in JavaScript as parameters, the script computes the same arrays in the statement
-- (md5 ids: order n of client c is md5('o-c-n'), product n is md5('product-n')).
--
-- The services batch: a consumer handles whatever has arrived in one transaction and a relay deletes
-- what it published in one statement. So each batched step runs here once every `*_every` orders,
-- for that many orders, as the bench's run showed (printed before the ceiling, batching.ts):
--   place_every          orders' OrderWrites: one statement storing the orders placed since the last one
--   reserve_every        catalog's `orders` consumer: one reservation transaction
--   catalog_delete_every catalog's relay: one DELETE of the events published since the last one
--   settle_every         orders' `stock` consumer: one settle transaction
--   orders_delete_every  orders' relay: one DELETE of the events published since the last one
-- A step that follows another (a delete follows the publishing) takes
-- what that step made between its last run and this one: the orders from `lo` to `hi`.
--   session_ppm          session checks per million orders (SessionCheck remembers a standing 1 s)
--   pricing_ppm          reads of the copies a placement is priced from, per million orders
--   read_ppm             reads of the settled order (GET /api/orders/{id}) per million orders
-- Left out, as they do not grow with orders: the relays' timer passes (a claim every 500 ms per
-- service), LISTEN, the JetStream side (not PostgreSQL).

\set k :k + 1
\set p (:client_id * 7919 + :k * 104729) % :products

-- orders, POST /api/orders: the session check of the token's user, at most once a second per customer
-- (libs/user-access/src/pg-user-standings.ts, PgUserStandings.of via service-kit's SessionCheck).
\if random(1, 1000000) <= :session_ppm
SELECT session_version, is_admin, deleted FROM orders.user_access WHERE user_id = md5('u-' || :client_id)::uuid;
\endif

-- orders, POST /api/orders: pricing from the service's copy of the catalog, with the buyer from its copy
-- of the users (services/orders/src/orders/placing/pricing-memory.ts, PricingMemory.read): read as often as the
-- run read it (what an earlier placement read is priced from memory), and by each client's first order;
-- the others price from the values their client read last.
\if :k = 1 or random(1, 1000000) <= :pricing_ppm
SELECT p.id, p.name, p.image, p.price_cents,
    c.name AS customer_name, c.email AS customer_email, c.deleted AS customer_deleted, c.changed_at AS customer_changed_at
  FROM (SELECT md5('u-' || :client_id)::uuid AS id) AS buyer
  LEFT JOIN orders.customer c ON c.id = buyer.id
  LEFT JOIN orders.catalog_product p ON p.id = ANY(ARRAY[md5('product-' || :p)::uuid]) AND NOT p.deleted \gset
\endif
\set shipping case when :price_cents > 10000 then 0 else 5000 end
\set tax (:price_cents * 10 + 50) / 100
\set total :price_cents + :shipping + :tax

-- orders: the orders placed since the last store, their lines, their `placed` steps of history and their
-- order.placed events in one statement, no transaction around it (services/orders/src/orders/placing/order-writes.ts
-- insertOrders and lifecycle/order-lifecycle.ts placementSteps, with
-- libs/event-bus/src/outbox.ts Outbox.statement): every `place_every` orders, as the run stored them.
\if :k % :place_every = 0
\set from :k - :place_every + 1
WITH recorded_events AS (
  INSERT INTO orders.outbox_event (id, subject, payload, correlation_id, created_at)
  SELECT id, subject, payload, correlation_id, now()
  FROM unnest(ARRAY(SELECT md5('placed-' || :client_id || '-' || i)::uuid FROM generate_series(:from::bigint, :k::bigint) AS i),
    ARRAY(SELECT 'order.placed' FROM generate_series(:from::bigint, :k::bigint) AS i),
    ARRAY(SELECT ('{"items": [{"quantity": 1, "productId": "' || :id || '"}], "userId": "' || md5('u-' || :client_id)::uuid
      || '", "orderId": "' || md5('o-' || :client_id || '-' || i)::uuid || '"}')::jsonb FROM generate_series(:from::bigint, :k::bigint) AS i),
    ARRAY(SELECT md5('r-' || :client_id || '-' || i)::uuid::text FROM generate_series(:from::bigint, :k::bigint) AS i))
    AS event(id, subject, payload, correlation_id)),
placed AS (
  INSERT INTO orders.customer_order (id, user_id, user_name, user_email, shipping_address, shipping_city, shipping_postal_code,
    shipping_country, payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, state, created_at, updated_at)
  SELECT md5('o-' || :client_id || '-' || i)::uuid, md5('u-' || :client_id)::uuid, 'Bench Customer ' || :client_id,
    'orders-bench-' || :client_id || '@example.com', '1 Bench Street', 'Loadville', '12345', 'USA', 'PayPal',
    :price_cents, :shipping, :tax, :total, 'awaiting-stock', now(), now()
  FROM generate_series(:from::bigint, :k::bigint) AS i
  RETURNING id, user_id, created_at
),
steps AS (
  INSERT INTO orders.order_event (order_id, type, at, from_state, to_state, actor_kind, actor_id)
  SELECT id, 'placed', created_at, NULL, 'awaiting-stock', 'buyer', user_id FROM placed
)
INSERT INTO orders.order_item (id, order_id, position, product_id, name, image, price_cents, quantity)
SELECT md5('i-' || :client_id || '-' || i)::uuid, md5('o-' || :client_id || '-' || i)::uuid, 0, :id::uuid, :name, :image, :price_cents, 1
FROM generate_series(:from::bigint, :k::bigint) AS i
WHERE md5('o-' || :client_id || '-' || i)::uuid IN (SELECT id FROM placed);
\endif

-- catalog, consumer `orders` (libs/event-bus/src/consumers.ts EventConsumers.handleBatch/apply, in a
-- TypeORM transaction) reserving a batch of order.placed
-- (services/catalog/src/stock/stock.service.ts StockService.reserve).
\if :k % :reserve_every = 0
\set from :k - :reserve_every + 1
BEGIN;
INSERT INTO catalog.processed_event (consumer, event_id)
  SELECT :consumer_reserve, unnest(ARRAY(SELECT md5('placed-' || :client_id || '-' || i)::uuid FROM generate_series(:from::bigint, :k::bigint) AS i))
  ON CONFLICT DO NOTHING RETURNING event_id;
SELECT order_id FROM catalog.stock_reservation
  WHERE order_id = ANY(ARRAY(SELECT md5('o-' || :client_id || '-' || i)::uuid FROM generate_series(:from::bigint, :k::bigint) AS i));
SELECT id, name, count_in_stock FROM catalog.product
  WHERE id = ANY(ARRAY(SELECT DISTINCT md5('product-' || ((:client_id::bigint * 7919 + i * 104729) % :products::bigint))::uuid
                       FROM generate_series(:from::bigint, :k::bigint) AS i))
  ORDER BY id FOR UPDATE;
UPDATE catalog.product SET count_in_stock = product.count_in_stock - changed.count, updated_at = now()
  FROM (SELECT md5('product-' || ((:client_id::bigint * 7919 + i * 104729) % :products::bigint))::uuid, count(*)::int
        FROM generate_series(:from::bigint, :k::bigint) AS i GROUP BY 1) AS changed(id, count)
  WHERE product.id = changed.id;
INSERT INTO catalog.stock_reservation (order_id, status, lines, created_at, updated_at)
  SELECT md5('o-' || :client_id || '-' || i)::uuid, 'reserved',
    ('[{"quantity": 1, "productId": "' || md5('product-' || ((:client_id::bigint * 7919 + i * 104729) % :products::bigint))::uuid || '"}]')::jsonb, now(), now()
  FROM generate_series(:from::bigint, :k::bigint) AS i;
-- one stock.reserved per order (libs/event-bus/src/outbox.ts Outbox.addMany); the stock moved is not announced
INSERT INTO catalog.outbox_event (id, subject, payload, correlation_id)
  SELECT md5('sr-' || :client_id || '-' || i)::uuid, 'stock.reserved', ('{"orderId": "' || md5('o-' || :client_id || '-' || i)::uuid || '"}')::jsonb,
    md5('r-' || :client_id || '-' || i)::uuid::text
  FROM generate_series(:from::bigint, :k::bigint) AS i
  RETURNING id, created_at;
COMMIT;
\endif

-- catalog's relay: published events deleted in one statement (libs/event-bus/src/relay.ts OutboxRelay.sweep).
\if :k % :catalog_delete_every = 0
\set lo ((:k - :catalog_delete_every) / :reserve_every) * :reserve_every + 1
\set hi (:k / :reserve_every) * :reserve_every
DELETE FROM catalog.outbox_event WHERE id = ANY(ARRAY(
  SELECT md5('sr-' || :client_id || '-' || i)::uuid FROM generate_series(:lo::bigint, :hi::bigint) AS i));
\endif

-- orders, consumer `stock` settling a batch of stock.reserved: the UPDATE, the order.confirmed events
-- and the notification the waiting placements hear, in one statement in the consumer's transaction
-- (services/orders/src/orders/placing/stock-answers.ts StockAnswers.settle, order-outcomes.ts announceSelected,
-- with the steps of lifecycle/order-state-machine.ts batchTransition).
\if :k % :settle_every = 0
\set from :k - :settle_every + 1
BEGIN;
INSERT INTO orders.processed_event (consumer, event_id)
  SELECT :consumer_settle, unnest(ARRAY(SELECT md5('sr-' || :client_id || '-' || i)::uuid FROM generate_series(:from::bigint, :k::bigint) AS i))
  ON CONFLICT DO NOTHING RETURNING event_id;
WITH answer AS (
  SELECT md5('o-' || :client_id || '-' || i)::uuid AS order_id, NULL::text AS reason, md5('oc-' || :client_id || '-' || i)::uuid AS event_id,
    md5('r-' || :client_id || '-' || i)::uuid::text AS correlation_id
  FROM generate_series(:from::bigint, :k::bigint) AS i
),
moved AS (
  UPDATE orders.customer_order AS o SET state = 'awaiting-payment', payable_until = now() + interval '30 minutes', updated_at = now()
  FROM answer WHERE o.id = answer.order_id AND (o.state IN ('awaiting-stock'))
  RETURNING o.id, o.cancel_reason, o.state, answer.event_id, answer.correlation_id, jsonb_build_object('orderId', o.id, 'userId', o.user_id) AS payload
),
steps AS (
  INSERT INTO orders.order_event (order_id, type, at, from_state, to_state, actor_kind, reason)
  SELECT id, 'stock-reserved', now(), 'awaiting-stock', 'awaiting-payment', 'shop', NULL FROM moved
),
recorded AS (
  INSERT INTO orders.outbox_event (id, subject, payload, correlation_id) SELECT event_id, 'order.confirmed', payload, correlation_id FROM moved
  RETURNING id, subject, payload, created_at, correlation_id
),
announced AS (
  SELECT pg_notify('order_settled', json_agg(outcome)::text) AS sent
  FROM (SELECT outcome, sum(octet_length(outcome::text) + 1) OVER (ORDER BY outcome->>'id' ROWS UNBOUNDED PRECEDING) / 5000 AS chunk
        FROM (SELECT json_build_object('id', id, 'state', state, 'status', 'confirmed', 'cancelReason', NULL, 'payableUntil', '2026-11-26T05:46:46.500Z',
                'updatedAt', '2026-11-26T05:16:46.500Z') AS outcome FROM moved) AS outcomes) AS sized
  GROUP BY chunk
)
SELECT moved.id AS order_id, moved.cancel_reason, recorded.*, (SELECT count(*) FROM announced) AS notifications
FROM moved JOIN recorded ON recorded.id = moved.event_id;
COMMIT;
\endif

-- orders' relay: published order.placed and order.confirmed deleted in one statement (relay.ts OutboxRelay.sweep).
\if :k % :orders_delete_every = 0
\set from :k - :orders_delete_every + 1
\set lo ((:k - :orders_delete_every) / :settle_every) * :settle_every + 1
\set hi (:k / :settle_every) * :settle_every
DELETE FROM orders.outbox_event WHERE id = ANY(ARRAY(
  SELECT md5('placed-' || :client_id || '-' || i)::uuid FROM generate_series(:from::bigint, :k::bigint) AS i
  UNION ALL
  SELECT md5('oc-' || :client_id || '-' || i)::uuid FROM generate_series(:lo::bigint, :hi::bigint) AS i));
\endif

-- orders, GET /api/orders/{id} of a settled order: one statement with its lines and its customer
-- (services/orders/src/orders/reading/order-reads.ts readOrder, from OrderReading.detail; a pending order of
-- this process is answered from memory, services/orders/src/orders/placing/pending-orders.ts), read_ppm per
-- million orders.
\if random(1, 1000000) <= :read_ppm
SELECT o.id, o.user_id, o.user_name, o.user_email, o.shipping_address, o.shipping_city, o.shipping_postal_code,
    o.shipping_country, o.payment_gateway, o.items_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.state,
    o.cancel_reason, o.payable_until, o.paid_at, o.paypal_order_id, o.paypal_capture_id, o.payment_result,
    o.delivered_at, o.cancelled_at, o.cancelled_by_id, o.cancelled_by_name, o.refunded_at, o.refunded_by_id,
    o.refunded_by_name, o.created_at, o.updated_at,
    c.name AS customer_name, c.email AS customer_email, c.deleted AS customer_deleted, c.changed_at AS customer_changed_at,
    (SELECT json_agg(json_build_object('id', i.id, 'position', i.position, 'productId', i.product_id, 'name', i.name,
        'image', i.image, 'priceCents', i.price_cents, 'quantity', i.quantity) ORDER BY i.position)
      FROM orders.order_item i WHERE i.order_id = o.id) AS items
  FROM orders.customer_order o LEFT JOIN orders.customer c ON c.id = o.user_id
  WHERE o.id = md5('o-' || :client_id || '-' || :k)::uuid;
\endif
