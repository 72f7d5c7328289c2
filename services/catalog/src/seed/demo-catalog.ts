/**
 * The demo catalog seeded into an empty catalog: 14 products over several
 * brands and categories (two pages of the home list), each with its own
 * original drawing in seed/images, and a few reviews for most of them.
 *
 * The reviewers are fixed ids of demo reviewers, not accounts: no user of the
 * users service has these ids, so nobody can sign in as them, and a real
 * user's review never collides with theirs.
 */

/** A demo reviewer: a fixed id (never a user account) and a display name. */
export interface DemoReviewer {
  id: string;
  name: string;
}

export const DEMO_REVIEWERS = {
  jane: { id: '00000000-0000-4000-8000-00000000d001', name: 'Jane D.' },
  marcus: { id: '00000000-0000-4000-8000-00000000d002', name: 'Marcus L.' },
  priya: { id: '00000000-0000-4000-8000-00000000d003', name: 'Priya S.' },
  tom: { id: '00000000-0000-4000-8000-00000000d004', name: 'Tom B.' },
  aiko: { id: '00000000-0000-4000-8000-00000000d005', name: 'Aiko M.' },
  carlos: { id: '00000000-0000-4000-8000-00000000d006', name: 'Carlos R.' },
  emma: { id: '00000000-0000-4000-8000-00000000d007', name: 'Emma W.' },
  noah: { id: '00000000-0000-4000-8000-00000000d008', name: 'Noah K.' },
} satisfies Record<string, DemoReviewer>;

export interface DemoReview {
  reviewer: DemoReviewer;
  rating: 3 | 4 | 5;
  comment: string;
  /** How long before the seed the review was written. */
  daysAgo: number;
}

export interface DemoProduct {
  /** The file in seed/images (served at /uploads/{image}). */
  image: string;
  name: string;
  brand: string;
  category: string;
  description: string;
  priceCents: number;
  countInStock: number;
  reviews: DemoReview[];
}

const { jane, marcus, priya, tom, aiko, carlos, emma, noah } = DEMO_REVIEWERS;

/** Newest first: the first product heads the home list. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    image: 'airpods-pro.svg',
    name: 'AirPods Pro (2nd generation)',
    brand: 'Apple',
    category: 'Audio',
    description:
      'Wireless earbuds with active noise cancellation and an adaptive transparency mode. Personalised spatial audio and up to six hours of listening on one charge. The MagSafe case charges them again on the go.',
    priceCents: 249_00,
    countInStock: 10,
    reviews: [
      { reviewer: jane, rating: 5, comment: 'The noise cancellation makes my commute quiet. Fits well too.', daysAgo: 12 },
      { reviewer: marcus, rating: 4, comment: 'Great sound, but the case scratches easily.', daysAgo: 9 },
      { reviewer: priya, rating: 5, comment: 'Pairs instantly with my phone and laptop.', daysAgo: 3 },
    ],
  },
  {
    image: 'iphone-pro.svg',
    name: 'iPhone 15 Pro 256GB',
    brand: 'Apple',
    category: 'Electronics',
    description:
      'A titanium phone with a 6.1-inch Super Retina XDR display and the A17 Pro chip. Its 48 MP main camera shoots sharp photos and 4K video even in low light. USB-C charges it and moves files fast.',
    priceCents: 1099_99,
    countInStock: 7,
    reviews: [
      { reviewer: tom, rating: 5, comment: 'Light, fast, and the camera is superb.', daysAgo: 20 },
      { reviewer: aiko, rating: 4, comment: 'Battery lasts a full day. Pricey, though.', daysAgo: 6 },
    ],
  },
  {
    image: 'canon-eos.svg',
    name: 'Canon EOS R50 Mirrorless Camera',
    brand: 'Canon',
    category: 'Cameras',
    description:
      'A compact mirrorless camera with a 24.2 MP APS-C sensor and fast subject-tracking autofocus. It records uncropped 4K video and sends photos straight to your phone. A good first step up from a smartphone.',
    priceCents: 679_99,
    countInStock: 5,
    reviews: [
      { reviewer: carlos, rating: 4, comment: 'Autofocus is quick and the kit lens is decent.', daysAgo: 15 },
      { reviewer: emma, rating: 5, comment: 'Small enough to take everywhere. Lovely colours.', daysAgo: 4 },
    ],
  },
  {
    image: 'playstation.svg',
    name: 'PlayStation 5 Console',
    brand: 'Sony',
    category: 'Gaming',
    description:
      'The PS5 console with an ultra-high-speed SSD for near-instant loading. The DualSense controller brings haptic feedback and adaptive triggers. Plays games in up to 4K at 120 frames per second.',
    priceCents: 499_99,
    countInStock: 0,
    reviews: [
      { reviewer: noah, rating: 5, comment: 'Load times are basically gone. The controller is amazing.', daysAgo: 30 },
      { reviewer: jane, rating: 4, comment: 'Great console, a bit loud under heavy load.', daysAgo: 18 },
      { reviewer: tom, rating: 5, comment: 'Worth the wait.', daysAgo: 2 },
    ],
  },
  {
    image: 'logitech-mouse.svg',
    name: 'Logitech MX Master 3S Wireless Mouse',
    brand: 'Logitech',
    category: 'Accessories',
    description:
      'An ergonomic wireless mouse with quiet clicks and an 8,000 DPI sensor that tracks even on glass. The MagSpeed wheel scrolls a thousand lines a second. It pairs with up to three computers.',
    priceCents: 99_99,
    countInStock: 25,
    reviews: [
      { reviewer: priya, rating: 5, comment: 'My wrist thanks me. Best mouse I have owned.', daysAgo: 25 },
      { reviewer: marcus, rating: 5, comment: 'Silent clicks are perfect for the office.', daysAgo: 11 },
      { reviewer: aiko, rating: 4, comment: 'Excellent, though a bit heavy for gaming.', daysAgo: 5 },
      { reviewer: carlos, rating: 5, comment: 'Switching between laptop and desktop is seamless.', daysAgo: 1 },
    ],
  },
  {
    image: 'echo-dot.svg',
    name: 'Echo Dot (5th Gen) Smart Speaker',
    brand: 'Amazon',
    category: 'Smart Home',
    description:
      'A compact smart speaker with clearer vocals and deeper bass than before. Ask Alexa for music, news, timers or to control your smart home. A built-in temperature sensor can trigger routines.',
    priceCents: 49_99,
    countInStock: 30,
    reviews: [
      { reviewer: emma, rating: 4, comment: 'Surprisingly good sound for its size.', daysAgo: 14 },
      { reviewer: noah, rating: 3, comment: 'Works fine, but it mishears me now and then.', daysAgo: 7 },
    ],
  },
  {
    image: 'macbook.svg',
    name: 'MacBook Pro 14-inch M3 Pro',
    brand: 'Apple',
    category: 'Computers',
    description:
      'A 14-inch laptop with the M3 Pro chip, 18 GB of memory and a 512 GB SSD. The Liquid Retina XDR display is bright and precise. Up to 18 hours of battery life for work away from the desk.',
    priceCents: 1999_99,
    countInStock: 4,
    reviews: [
      { reviewer: marcus, rating: 5, comment: 'Compiles my projects twice as fast as my old laptop.', daysAgo: 22 },
      { reviewer: priya, rating: 5, comment: 'The screen is gorgeous and it never gets hot.', daysAgo: 8 },
      { reviewer: jane, rating: 4, comment: 'Superb machine; wish it had more ports.', daysAgo: 3 },
    ],
  },
  {
    image: 'kindle.svg',
    name: 'Kindle Paperwhite (16 GB)',
    brand: 'Amazon',
    category: 'E-readers',
    description:
      'A waterproof e-reader with a 6.8-inch glare-free display and adjustable warm light. One charge lasts up to ten weeks. Holds thousands of books on its 16 GB of storage.',
    priceCents: 149_99,
    countInStock: 18,
    reviews: [
      { reviewer: aiko, rating: 5, comment: 'I read so much more now. Reads like paper in the sun.', daysAgo: 16 },
      { reviewer: emma, rating: 4, comment: 'Great screen. Ads on the lock screen are annoying.', daysAgo: 10 },
    ],
  },
  {
    image: 'sony-headphones.svg',
    name: 'Sony WH-1000XM5 Wireless Headphones',
    brand: 'Sony',
    category: 'Audio',
    description:
      'Over-ear headphones with industry-leading noise cancellation and eight microphones for clear calls. Up to 30 hours of battery, and three minutes of charging gives three hours of play. Soft, light and comfortable for long flights.',
    priceCents: 399_99,
    countInStock: 9,
    reviews: [
      { reviewer: tom, rating: 5, comment: 'Flights are peaceful now. Very comfortable.', daysAgo: 27 },
      { reviewer: carlos, rating: 4, comment: 'Excellent sound; they do not fold flat anymore.', daysAgo: 12 },
      { reviewer: noah, rating: 5, comment: 'Call quality is much better than my old pair.', daysAgo: 6 },
    ],
  },
  {
    image: 'garmin-watch.svg',
    name: 'Garmin Forerunner 265 GPS Running Watch',
    brand: 'Garmin',
    category: 'Wearables',
    description:
      'A running watch with a bright AMOLED display, accurate multi-band GPS and daily training suggestions. It tracks heart rate, sleep and recovery. Up to 13 days of battery in smartwatch mode.',
    priceCents: 449_99,
    countInStock: 6,
    reviews: [
      { reviewer: jane, rating: 5, comment: 'The training readiness score changed how I run.', daysAgo: 19 },
      { reviewer: marcus, rating: 4, comment: 'Accurate GPS, the app takes time to learn.', daysAgo: 4 },
    ],
  },
  {
    image: 'nike-sneaker.svg',
    name: 'Nike Air Zoom Pegasus 40 Running Shoes',
    brand: 'Nike',
    category: 'Footwear',
    description:
      'Everyday running shoes with responsive Zoom Air units and a soft foam midsole. The breathable mesh upper holds the foot without pinching. A dependable pair for easy miles and long runs alike.',
    priceCents: 129_99,
    countInStock: 14,
    reviews: [
      { reviewer: priya, rating: 4, comment: 'Comfortable from the first run. Run slightly small.', daysAgo: 13 },
      { reviewer: aiko, rating: 3, comment: 'Good cushioning, but the laces keep coming undone.', daysAgo: 2 },
    ],
  },
  {
    image: 'levis-jacket.svg',
    name: "Levi's Original Trucker Denim Jacket",
    brand: "Levi's",
    category: 'Clothing',
    description:
      'The classic denim jacket in a medium stonewash, cut from sturdy cotton. Button-flap chest pockets and adjustable waist tabs. It softens and fades beautifully with wear.',
    priceCents: 89_50,
    countInStock: 12,
    reviews: [],
  },
  {
    image: 'hydro-flask.svg',
    name: 'Hydro Flask 32 oz Wide Mouth Bottle',
    brand: 'Hydro Flask',
    category: 'Outdoors',
    description:
      'A double-wall vacuum-insulated steel bottle that keeps drinks cold for a day and hot for twelve hours. The wide mouth takes ice cubes and is easy to clean. Its powder coat resists sweat and scratches.',
    priceCents: 44_95,
    countInStock: 40,
    reviews: [{ reviewer: carlos, rating: 5, comment: 'Ice is still there the next morning.', daysAgo: 9 }],
  },
  {
    image: 'yeti-mug.svg',
    name: 'YETI Rambler 14 oz Mug',
    brand: 'YETI',
    category: 'Kitchen',
    description:
      'A stainless steel mug with a handle and a MagSlider lid that keeps coffee hot through the morning. Dishwasher safe and nearly indestructible. Fits under most coffee makers.',
    priceCents: 29_99,
    countInStock: 50,
    reviews: [],
  },
];
