// What judging a request body costs, at each route's own limit, with the worst bodies we know of.
//
//   npx nx run-many -t build -p @shop/service-kit @shop/users @shop/catalog @shop/orders
//   node libs/service-kit/bench/validation-cost.mjs
//
// In one process, no HTTP: the body as read (parseJsonBody: depth, JSON, text checks), then the
// service's validation pipe against the route's real DTO (or orders' PayPalResultPipe), as a
// request goes. Limits are read from the controllers' @BodyLimit. Each figure is the median of
// 7 runs after a warm-up, in ms. Also: catalog's IMAGE_PATH_OR_URL rule on 1 MB values (docs/security.md).
import 'reflect-metadata';
import { getMetadataStorage, validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';

const root = new URL('../../../', import.meta.url);
const load = (path) => import(new URL(path, root).href);

const kit = await load('libs/service-kit/dist/index.js');
const { LoginDto } = await load('services/users/dist/sign-in/dto/login.dto.js');
const { RegisterUserDto } = await load('services/users/dist/users/dto/register-user.dto.js');
const { UpdateProfileDto } = await load('services/users/dist/users/dto/update-profile.dto.js');
const { UpdateUserDto } = await load('services/users/dist/users/dto/update-user.dto.js');
const { UpdateProductDto } = await load('services/catalog/dist/products/dto/update-product.dto.js');
const { CreateProductDto } = await load('services/catalog/dist/products/dto/create-product.dto.js');
const { CreateReviewDto } = await load('services/catalog/dist/reviews/dto/create-review.dto.js');
const { CreateOrderDto } = await load('services/orders/dist/orders/dto/create-order.dto.js');
const { EmptyBodyDto } = await load('services/orders/dist/orders/dto/empty-body.dto.js');
const { PayPalResultPipe } = await load('services/orders/dist/orders/dto/pay-status.dto.js');
const { SignInController } = await load('services/users/dist/sign-in/sign-in.controller.js');
const { UsersController } = await load('services/users/dist/users/users.controller.js');
const { ProfileController } = await load('services/users/dist/users/profile.controller.js');
const { ProductsController } = await load('services/catalog/dist/products/products.controller.js');
const { ReviewsController } = await load('services/catalog/dist/reviews/reviews.controller.js');
const { OrdersController } = await load('services/orders/dist/orders/orders.controller.js');

/** The limit a controller method declares (@BodyLimit), or the default. */
const limitOf = (controller, method) => Reflect.getMetadata('shop:body-limit', controller.prototype[method]) ?? kit.DEFAULT_BODY_LIMIT;

const UUID = '00000000-0000-4000-8000-000000000000';
const routes = [
  { route: 'POST /api/users/login', limit: limitOf(SignInController, 'login'), dto: LoginDto, fields: ['email', 'password'] },
  { route: 'POST /api/users', limit: limitOf(UsersController, 'register'), dto: RegisterUserDto, fields: ['name', 'email', 'password'] },
  { route: 'PUT /api/users/profile', limit: limitOf(ProfileController, 'update'), dto: UpdateProfileDto, fields: ['name', 'email', 'password', 'currentPassword'] },
  { route: 'PUT /api/users/{id}', limit: limitOf(UsersController, 'update'), dto: UpdateUserDto, fields: ['name', 'email', '_id'] },
  { route: 'POST /api/products', limit: limitOf(ProductsController, 'create'), dto: CreateProductDto, fields: [] },
  { route: 'PUT /api/products/{id}', limit: limitOf(ProductsController, 'update'), dto: UpdateProductDto, fields: ['name', 'image', 'brand', 'category', 'description'] },
  { route: 'PUT /api/products/{id}/reviews', limit: limitOf(ReviewsController, 'add'), dto: CreateReviewDto, fields: ['comment'] },
  { route: 'POST /api/orders', limit: limitOf(OrdersController, 'place'), dto: CreateOrderDto, fields: ['paymentGateway'], list: 'orderItems' },
  { route: 'PUT /api/orders/{id}/delivery_status', limit: limitOf(OrdersController, 'deliver'), dto: EmptyBodyDto, fields: [] },
  { route: 'PUT /api/orders/{id}/pay_status', limit: limitOf(OrdersController, 'pay'), pipe: new PayPalResultPipe(), fields: ['id', 'status'] },
];

/** `{"<prefix>0":0,…}` filling `size` bytes. */
function keys(size, key = (n) => `k${n}`) {
  const parts = [];
  let length = 2;
  for (let n = 0; ; n++) {
    const part = `"${key(n)}":0`;
    if (length + part.length + 1 > size) break;
    parts.push(part);
    length += part.length + 1;
  }
  return `{${parts.join(',')}}`;
}
const items = (size, item) => `[${Array.from({ length: Math.max(1, Math.floor(size / (item.length + 1))) }, () => item).join(',')}]`;
const string = (size, field, rest = '') => `{${rest}"${field}":"${'x'.repeat(Math.max(0, size - field.length - rest.length - 8))}"}`;
const deep = (depth) => '['.repeat(depth) + ']'.repeat(depth);

function worstBodies({ limit, fields, list }) {
  const field = fields[0] ?? 'x';
  const bodies = [
    ['unknown keys', keys(limit)],
    ['a known key repeated', keys(limit, () => field)],
    [`nested ${32} deep`, `{"${field}":${deep(31)}}`],
    ['many list items in a field', `{"${field}":${items(limit - 20, '0')}}`],
    ['many objects in a field', `{"${field}":${items(limit - 20, '{}')}}`],
    ['an object of many keys in a field', `{"${field}":${keys(limit - 20)}}`],
    ...fields.map((name) => [`one long ${name}`, string(limit, name)]),
  ];
  if (list) {
    bodies.push(
      ['many empty lines', `{"${list}":${items(limit - 20, '{}')}}`],
      ['many lines with a bad quantity', `{"${list}":${items(limit - 20, `{"product":"${UUID}","quantity":0}`)}}`],
      ['100 lines at their longest', JSON.stringify({
        [list]: Array.from({ length: 100 }, () => ({ product: UUID, quantity: 100, name: '名'.repeat(200), image: `/uploads/${'a'.repeat(490)}`, price: 999999.99, countInStock: 1000000 })),
        shippingAddress: { address: '住'.repeat(200), city: '市'.repeat(200), postalCode: '9'.repeat(200), country: '国'.repeat(200) },
        paymentGateway: 'PayPal', itemsPrice: 1, taxPrice: 1, shippingPrice: 1, totalPrice: 1,
      })],
    );
  }
  return bodies;
}

/** The cost of judging `body` as the route would, in ms; and how it ends. */
async function judge(route, body) {
  const pipe = route.pipe ?? kit.validationPipe();
  const started = process.hrtime.bigint();
  let outcome = 'accepted';
  try {
    const raw = Buffer.from(body);
    if (raw.length > route.limit) outcome = '413';
    else {
      const value = kit.parseJsonBody(raw);
      await (route.pipe ? pipe.transform(value) : pipe.transform(value, { type: 'body', metatype: route.dto, data: '' }));
    }
  } catch (error) {
    outcome = `${error.getStatus?.() ?? 'error'} ${String(error.message).slice(0, 60)}`;
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, outcome };
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run, times = 7) {
  await run();
  const figures = [];
  let last;
  for (let i = 0; i < times; i++) {
    const started = process.hrtime.bigint();
    last = await run();
    figures.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { ms: median(figures), last };
}

console.log(`Node ${process.version}; median of 7 runs, ms\n`);
for (const route of routes) {
  let worst = { ms: 0, what: '' };
  const lines = [];
  for (const [what, body] of worstBodies(route)) {
    if (Buffer.byteLength(body) > route.limit) throw new Error(`${route.route} ${what}: ${Buffer.byteLength(body)} bytes, over the limit`);
    const { ms, last } = await timed(() => judge(route, body));
    lines.push(`    ${what.padEnd(36)} ${(Buffer.byteLength(body) / 1024).toFixed(1).padStart(6)} KB ${ms.toFixed(2).padStart(8)} ms  ${last.outcome}`);
    if (ms > worst.ms) worst = { ms, what };
  }
  console.log(`${route.route} (limit ${kit.sizeText(route.limit)}): worst ${worst.ms.toFixed(2)} ms (${worst.what})`);
  console.log(lines.join('\n'));
}

// catalog's image rule on values of 1 MB (docs/security.md: "a 1 MB value is judged in < 50 ms").
const imageRule = getMetadataStorage()
  .getTargetValidationMetadatas(UpdateProductDto, '', false, false)
  .find((metadata) => metadata.propertyName === 'image' && metadata.name === 'matches').constraints[0];
console.log(`\ncatalog IMAGE_PATH_OR_URL ${imageRule}, 1 MB values (the route's 40 KB limit keeps them out; the rule alone):`);
const MB = 1024 * 1024;
for (const [what, value] of [
  ['/ then 1 MB of letters', `/${'a'.repeat(MB)}`],
  ['http:// then 1 MB of letters and a space', `http://${'a'.repeat(MB)} `],
  ['https:// then 1 MB of slashes', `https://${'/'.repeat(MB)}`],
  ['1 MB of slashes', '/'.repeat(MB)],
  ['http: repeated to 1 MB', 'http:'.repeat(MB / 5)],
]) {
  const rule = await timed(() => imageRule.test(value));
  const dto = await timed(() => validate(plainToInstance(UpdateProductDto, { name: 'n', price: 1, image: value, brand: '', category: '', countInStock: 0, description: '' })));
  console.log(`    ${what.padEnd(42)} rule ${rule.ms.toFixed(2).padStart(7)} ms, whole product DTO ${dto.ms.toFixed(2).padStart(7)} ms`);
}
