import type { Rng } from './random.js';

/** Description copy by leaf category: what the product is, why it suits Bangladesh, benefits, how to use. */
type Copy = { what: string; climate: string; benefits: string[]; howTo: string[] };

const COPY: Record<string, Copy> = {
  cleanser: {
    what: 'a gentle daily cleanser that lifts dirt, oil, sunscreen and pollution without stripping the skin',
    climate:
      'Dhaka’s heat, humidity and dust leave skin congested by evening; a cleanser that respects the skin barrier keeps breakouts and tightness away.',
    benefits: [
      'Removes dirt, excess oil and make-up residue',
      'Leaves skin soft, never tight or squeaky',
      'Suitable for daily use, morning and night',
      'Dermatologically tested',
    ],
    howTo: [
      'Wet your face with lukewarm water',
      'Massage a small amount onto the skin for 30–60 seconds',
      'Rinse well and pat dry before toner or serum',
    ],
  },
  moisturiser: {
    what: 'a moisturiser that hydrates and helps restore the skin’s natural protective barrier',
    climate:
      'Air conditioning and humid afternoons can both dehydrate skin; a moisturiser that absorbs quickly works through Bangladesh’s summer and dry winter alike.',
    benefits: [
      'Long-lasting hydration without a greasy feel',
      'Helps restore and protect the skin barrier',
      'Absorbs quickly and sits well under sunscreen and make-up',
      'Non-comedogenic',
    ],
    howTo: [
      'Apply to clean face and neck, morning and night',
      'Smooth in gently with upward strokes',
      'Follow with sunscreen during the day',
    ],
  },
  serum: {
    what: 'a targeted serum with a concentrated, lightweight formula that layers easily in any routine',
    climate: 'Lightweight serums suit humid weather better than heavy creams, and sink in without adding shine.',
    benefits: [
      'Targets specific concerns such as dullness, pores or dark spots',
      'Lightweight, fast-absorbing texture',
      'Layers well with moisturiser and sunscreen',
      'Visible results with regular use',
    ],
    howTo: [
      'Apply a few drops to clean, dry skin',
      'Pat gently until absorbed',
      'Follow with moisturiser; use sunscreen in the morning',
      'Patch test before first use',
    ],
  },
  sunscreen: {
    what: 'a broad-spectrum sunscreen that protects against UVA and UVB rays',
    climate:
      'The UV index in Bangladesh stays high most of the year, even on cloudy monsoon days; daily sunscreen is the best defence against dark spots and early ageing.',
    benefits: [
      'Broad-spectrum UVA/UVB protection',
      'Lightweight, non-sticky finish for humid weather',
      'Sits well under make-up',
      'Helps prevent sun-induced dark spots',
    ],
    howTo: [
      'Apply generously as the last step of your morning routine',
      'Use two finger-lengths for face and neck',
      'Reapply every two hours outdoors and after sweating',
    ],
  },
  toner: {
    what: 'a toner that balances the skin after cleansing and preps it for serums',
    climate: 'In sticky weather a toner helps clear leftover sweat and sebum, keeping pores clear.',
    benefits: [
      'Refines the look of pores',
      'Balances and refreshes the skin after cleansing',
      'Helps the next steps absorb better',
      'Alcohol-free formula',
    ],
    howTo: ['After cleansing, apply with a cotton pad or your palms', 'Pat gently into the skin', 'Follow with serum and moisturiser'],
  },
  lipstick: {
    what: 'a lipstick with rich, true-to-tone colour in one swipe',
    climate: 'Formulated to stay put through long days, warm weather and cups of cha.',
    benefits: [
      'Intense colour payoff in a single coat',
      'Comfortable wear that does not dry the lips',
      'Long-lasting, transfer-resistant colour',
      'Shades for every skin tone',
    ],
    howTo: [
      'Start with clean, moisturised lips',
      'Line the lips and fill in from the centre outwards',
      'Blot and apply a second coat for more intensity',
    ],
  },
  foundation: {
    what: 'a foundation with buildable coverage and a natural finish',
    climate: 'Built for humidity: it controls shine and resists sweat, so it still looks fresh after a commute.',
    benefits: [
      'Buildable coverage from light to full',
      'Controls shine and blurs pores',
      'Sweat- and humidity-resistant wear',
      'Shades matched to South Asian skin tones',
    ],
    howTo: [
      'Shake well and dispense a small amount',
      'Blend from the centre of the face outwards with a sponge or brush',
      'Build a second layer where needed and set with powder',
    ],
  },
  mascara: {
    what: 'a mascara that lengthens and volumises lashes without clumps',
    climate: 'Smudge-resistant wear that holds up in heat and humidity.',
    benefits: [
      'Lengthens and volumises from root to tip',
      'Clump-free, flake-free wear',
      'Smudge-resistant all day',
      'Removes easily with micellar water',
    ],
    howTo: [
      'Wiggle the brush from the base of the lashes to the tips',
      'Apply a second coat while the first is still wet',
      'Remove at night with a gentle make-up remover',
    ],
  },
  eyeliner: {
    what: 'an eyeliner with intense, smudge-proof colour for a defined look',
    climate: 'Long-wear pigment that stays sharp through hot, humid days.',
    benefits: [
      'Intense colour in one stroke',
      'Smudge-proof and water-resistant',
      'Glides on without tugging',
      'Ophthalmologically tested',
    ],
    howTo: [
      'Draw along the upper lash line from the inner to the outer corner',
      'Apply on the waterline for a bolder kajal look',
      'Let it set for a few seconds before blinking',
    ],
  },
  'face-powder': {
    what: 'a pressed powder that sets make-up and controls shine',
    climate: 'Keep it in your bag for quick touch-ups when the afternoon humidity kicks in.',
    benefits: [
      'Controls oil and shine for hours',
      'Sets foundation for longer wear',
      'Soft-focus finish that blurs pores',
      'Compact with a mirror for touch-ups',
    ],
    howTo: [
      'Press the puff or a brush lightly into the powder',
      'Apply over foundation, focusing on the T-zone',
      'Touch up during the day as needed',
    ],
  },
  shampoo: {
    what: 'a shampoo that cleanses the hair and scalp while caring for the lengths',
    climate: 'Hard water and humidity can leave hair frizzy and dull; regular care keeps it smooth and manageable.',
    benefits: ['Cleanses hair and scalp gently', 'Reduces frizz and breakage', 'Leaves hair soft and shiny', 'Suitable for frequent use'],
    howTo: ['Apply to wet hair and massage into the scalp', 'Rinse thoroughly', 'Follow with the matching conditioner'],
  },
  conditioner: {
    what: 'a conditioner that detangles and smooths the hair after shampooing',
    climate: 'Locks in moisture so hair stays smooth even on humid monsoon days.',
    benefits: ['Detangles instantly', 'Smooths frizz and adds shine', 'Strengthens hair against breakage', 'Lightweight, no build-up'],
    howTo: ['After shampooing, apply to the lengths and ends', 'Leave on for 1–2 minutes', 'Rinse well'],
  },
  'hair-oil': {
    what: 'a nourishing hair oil for stronger, shinier hair',
    climate:
      'A weekly oil massage is a Bangladeshi ritual for good reason: it nourishes the scalp and protects hair from heat and dryness.',
    benefits: ['Nourishes hair from root to tip', 'Reduces dryness and breakage', 'Adds natural shine', 'Non-sticky formula'],
    howTo: [
      'Warm a little oil in your palms',
      'Massage into the scalp and spread along the lengths',
      'Leave on for at least an hour or overnight, then wash',
    ],
  },
  'womens-fragrance': {
    what: 'a fragrance for her, with a signature trail that lasts',
    climate: 'In warm weather, scent projects more: two or three sprays are all you need.',
    benefits: [
      '100% authentic, sourced from authorised distributors',
      'Long-lasting signature scent',
      'Elegant bottle, ideal as a gift',
      'Suitable for day and evening',
    ],
    howTo: [
      'Spray on pulse points: wrists, neck and behind the ears',
      'Do not rub the wrists together',
      'Store away from heat and direct sunlight',
    ],
  },
  'mens-fragrance': {
    what: 'a fragrance for him with a confident, long-lasting trail',
    climate: 'Fresh top notes feel right in the Bangladeshi heat, while the base notes carry into the evening.',
    benefits: [
      '100% authentic, sourced from authorised distributors',
      'Long-lasting projection',
      'Versatile for office and evenings',
      'A classic gift',
    ],
    howTo: [
      'Spray on the neck and chest from 15 cm away',
      'Apply after a shower for longer wear',
      'Store away from heat and direct sunlight',
    ],
  },
  'body-lotion': {
    what: 'a body lotion that moisturises dry skin and absorbs fast',
    climate: 'Light enough for humid days yet rich enough for the dry winter months.',
    benefits: ['48-hour moisture', 'Non-greasy, fast-absorbing', 'Leaves skin soft and smooth', 'Dermatologically tested'],
    howTo: ['Apply all over the body after a bath', 'Massage until absorbed', 'Reapply on dry areas as needed'],
  },
  'body-wash': {
    what: 'a body wash with a rich, creamy lather',
    climate: 'A refreshing shower after a hot Dhaka day, without drying the skin.',
    benefits: ['Cleanses gently without drying', 'Rich, creamy lather', 'Pleasant, long-lasting fragrance', 'pH-balanced'],
    howTo: ['Squeeze onto a loofah or your palm', 'Work into a lather over wet skin', 'Rinse off'],
  },
  'building-sets': {
    what: 'a building set that inspires creative play and hours of building',
    climate: 'A perfect indoor activity for rainy monsoon afternoons and school holidays.',
    benefits: [
      'Develops creativity and fine motor skills',
      'Compatible with other sets of the brand',
      'Step-by-step building instructions included',
      'Genuine product from an authorised distributor',
    ],
    howTo: [
      'Sort the pieces by colour before you start',
      'Follow the numbered bags and instructions',
      'Keep small parts away from children under 3',
    ],
  },
  dolls: {
    what: 'a doll that sparks imaginative play and storytelling',
    climate: 'A favourite birthday and Eid gift for young fans.',
    benefits: [
      'Encourages imaginative play',
      'Posable and made to last',
      'Accessories included',
      'Genuine product from an authorised distributor',
    ],
    howTo: ['Remove all packaging ties before play', 'Recommended for ages 3 and up', 'Clean with a damp cloth'],
  },
  cars: {
    what: 'die-cast cars and playsets built for speed and stunts',
    climate: 'Collect, race and trade: a classic for every little car fan.',
    benefits: [
      'Die-cast metal bodies',
      'Compatible with brand tracks and playsets',
      'Detailed designs and decos',
      'Genuine product from an authorised distributor',
    ],
    howTo: ['Recommended for ages 3 and up', 'Connect with other track sets for bigger layouts', 'Keep small parts away from toddlers'],
  },
  'board-games': {
    what: 'a board game for family game nights',
    climate: 'Bring everyone together after dinner or during load-shedding evenings.',
    benefits: ['Fun for children and adults', 'Builds strategy and social skills', 'All pieces and rules included', 'Licensed edition'],
    howTo: [
      'Read the rules together before the first game',
      'Set up the board and hand out the pieces',
      'Store pieces in the box after play',
    ],
  },
  'kitchen-appliances': {
    what: 'a kitchen appliance that makes everyday cooking faster and easier',
    climate: 'Made for Bangladeshi kitchens and 220–240 V power, with an official brand warranty.',
    benefits: ['Saves time on everyday cooking', 'Easy to clean', 'Safety features such as auto shut-off', 'Official brand warranty'],
    howTo: ['Read the user manual before first use', 'Use on a dry, flat surface', 'Unplug and let it cool before cleaning'],
  },
  'personal-care-appliances': {
    what: 'a personal care appliance for salon results at home',
    climate: 'Works on Bangladesh’s 220–240 V supply, with an official brand warranty.',
    benefits: ['Salon results at home', 'Gentle on hair and skin', 'Compact and travel-friendly', 'Official brand warranty'],
    howTo: ['Read the user manual before first use', 'Use on clean, dry hair or skin', 'Clean after each use'],
  },
  'garment-care': {
    what: 'an iron that removes creases quickly and glides smoothly',
    climate: 'Crisp shirts and saris in minutes, with an official brand warranty.',
    benefits: [
      'Smooth-gliding soleplate',
      'Adjustable temperature for every fabric',
      'Auto shut-off for safety',
      'Official brand warranty',
    ],
    howTo: [
      'Check the garment label for the right temperature',
      'Iron delicate fabrics first at low heat',
      'Let the iron cool before storing',
    ],
  },
  badminton: {
    what: 'badminton gear trusted by club players and champions',
    climate: 'Badminton is Bangladesh’s winter sport: be ready for the courts when the season starts.',
    benefits: ['Designed for control and power', 'Durable construction', 'Used by club and tournament players', '100% genuine'],
    howTo: [
      'Choose the weight and balance that suit your style',
      'Store away from heat and humidity',
      'Use a grip that suits your hand size',
    ],
  },
  football: {
    what: 'a football with a true, stable flight',
    climate: 'Built to handle grass, turf and the concrete pitches of the para.',
    benefits: ['Durable cover for all surfaces', 'True flight and consistent bounce', 'Holds air well', 'Genuine product'],
    howTo: ['Inflate to the pressure printed on the ball', 'Clean with a damp cloth after play', 'Store out of direct sun'],
  },
  cricket: {
    what: 'cricket gear for matches in the street, the club or the field',
    climate: 'From tape-ball games in the lane to weekend club matches.',
    benefits: ['Durable and match-ready', 'Good balance and pick-up', 'Suitable for practice and matches', 'Genuine product'],
    howTo: ['Knock in a new bat before using it with a leather ball', 'Store in a cool, dry place', 'Use a bat cover when travelling'],
  },
  running: {
    what: 'running shoes with soft cushioning for everyday miles',
    climate: 'Breathable uppers for humid morning runs around Hatirjheel or Dhanmondi Lake.',
    benefits: ['Soft, responsive cushioning', 'Breathable mesh upper', 'Durable rubber outsole', '100% authentic'],
    howTo: [
      'Choose your usual size; go half a size up for wide feet',
      'Loosen the laces before putting them on',
      'Air-dry after runs, away from direct heat',
    ],
  },
  fitness: {
    what: 'fitness gear for home workouts and the gym',
    climate: 'Stay active indoors when the weather outside does not cooperate.',
    benefits: ['Built for daily training', 'Comfortable, secure grip', 'Compact for home use', 'Genuine product'],
    howTo: ['Warm up before every workout', 'Start light and increase gradually', 'Wipe clean after use'],
  },
  sportswear: {
    what: 'sportswear that keeps you dry and comfortable',
    climate: 'Sweat-wicking fabric made for training in heat and humidity.',
    benefits: ['Sweat-wicking, quick-dry fabric', 'Comfortable athletic fit', 'Durable for regular training', '100% authentic'],
    howTo: ['Machine wash cold with similar colours', 'Do not tumble dry', 'Do not iron prints'],
  },
};

export type DescribeInput = { name: string; brand: string; category: string; note?: string | undefined };

/** The product's body_html (sanitised by the caller). */
export function describe(p: DescribeInput, r: Rng): string {
  const copy = COPY[p.category];
  if (!copy) throw new Error(`No description copy for category ${p.category}`);
  const made = p.note ? ` Made with ${p.note}, it` : ' It';
  const benefits = r.sample(copy.benefits, Math.min(copy.benefits.length, r.int(3, 4)));
  return [
    `<p><strong>${p.brand} ${p.name}</strong> is ${copy.what}.${made} is a customer favourite at Glow Bazaar.</p>`,
    `<p>${copy.climate}</p>`,
    `<h3>Benefits</h3><ul>${benefits.map((b) => `<li>${b}</li>`).join('')}</ul>`,
    `<h3>How to use</h3><ol>${copy.howTo.map((s) => `<li>${s}</li>`).join('')}</ol>`,
    `<p><em>100% authentic. Delivered across Bangladesh, with cash on delivery available.</em></p>`,
  ].join('\n');
}

export function hasCopy(category: string): boolean {
  return category in COPY;
}

export const REVIEWERS = [
  'Nusrat Jahan',
  'Tanvir Ahmed',
  'Farhana Akter',
  'Sadia Islam',
  'Rafiqul Islam',
  'Mehnaz Chowdhury',
  'Arif Hossain',
  'Sumaiya Rahman',
  'Tasnim Ferdous',
  'Imran Khan',
  'Shirin Sultana',
  'Mahmudul Hasan',
  'Nadia Haque',
  'Rumana Begum',
  'Sabbir Rahman',
  'Ayesha Siddiqua',
  'Fahim Chowdhury',
  'Lamia Akter',
  'Tahmina Khatun',
  'Rakib Hasan',
  'Jannatul Ferdous',
  'Shakil Mahmud',
  'Maliha Tabassum',
  'Ishrat Jahan',
  'Zahid Hasan',
  'Anika Tabassum',
  'Rezaul Karim',
  'Priya Saha',
  'Sourav Das',
  'Tania Sultana',
];

/** Short review texts by star rating, as shoppers write them. */
export const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    'Original product, delivered within a day in Dhanmondi. Will order again!',
    'Exactly as described. Packaging was excellent.',
    'Using it for a month now and I can see the difference. Highly recommended.',
    'Best price I found in Dhaka, and 100% authentic.',
    'My second time buying this. Love it!',
    'Fast delivery to Chattogram, well packed.',
    'Perfect for this humid weather. Not sticky at all.',
    'Bought it as a gift for my sister, she loved it.',
  ],
  4: [
    'Good product, delivery took two days to Mirpur.',
    'Works well. A bit pricey but worth it.',
    'Nice quality, exactly like the one I bought abroad.',
    'Happy with it. Wish there was a bigger size.',
    'Good, but the smell is a little strong for me.',
  ],
  3: [
    'Average. Does the job but nothing special.',
    'Okay product, took some time to see results.',
    'Decent, but the delivery was delayed by a day.',
  ],
  2: ['Did not suit my skin, broke out a little.', 'Expected more for the price.', 'The box was slightly damaged on arrival.'],
  1: ['Did not work for me at all.', 'Received the wrong variant; support replaced it though.'],
};

/** Reviews that moderation holds back: never shown, never counted. */
export const HELD_REVIEW_TEXTS = ['Check my page for cheaper prices!!! Inbox me', 'Call 01XXXXXXXXX for wholesale'];
