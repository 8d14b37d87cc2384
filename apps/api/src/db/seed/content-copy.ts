/**
 * The shop's own pages and blog, written as a Bangladeshi retailer would publish them. Fees and
 * contact details match the site settings the seed writes, so pages and checkout never disagree.
 */

export type PageCopy = { handle: string; title: string; metaTitle: string; metaDescription: string; bodyHtml: string };

export const PAGES: PageCopy[] = [
  {
    handle: 'about-us',
    title: 'About Glow Bazaar',
    metaTitle: 'About us | Glow Bazaar',
    metaDescription:
      'Glow Bazaar is a Dhaka-based online beauty store selling 100% authentic skincare, makeup, fragrance, toys, home and sport products across Bangladesh.',
    bodyHtml: `<p>Glow Bazaar started in 2019 in a small room in Dhanmondi with one promise: every product we sell is <strong>100% authentic</strong>. Counterfeit cosmetics are a real problem in Bangladesh, and we believe nobody should have to gamble with what they put on their skin.</p>
<h2>What we sell</h2>
<p>Today we stock more than 40 international and local brands across skincare, makeup, hair, fragrance and bath &amp; body, along with toys, home appliances and sports gear for the whole family.</p>
<ul><li>Products sourced from brand owners and authorised distributors only</li><li>Stored in temperature-controlled warehouses, away from the Dhaka heat</li><li>Batch numbers and expiry dates checked before every dispatch</li></ul>
<h2>How we deliver</h2>
<p>We deliver to all 64 districts. Inside Dhaka most orders arrive within 24–48 hours, and same-day delivery is available for orders placed before 1 pm. Pay by cash on delivery, bKash or any debit or credit card, or pick up your order from one of our three Dhaka stores.</p>
<h2>Visit us</h2>
<p>Try before you buy at our stores in Gulshan 2, Dhanmondi 27 and Bashundhara City. Our beauty advisors are happy to help you find your shade or build a routine. See <a href="/page/contact-us">Contact us</a> for addresses and opening hours.</p>`,
  },
  {
    handle: 'contact-us',
    title: 'Contact us',
    metaTitle: 'Contact us | Glow Bazaar',
    metaDescription:
      'Call, e-mail or WhatsApp Glow Bazaar customer care, or visit our stores in Gulshan 2, Dhanmondi 27 and Bashundhara City, Dhaka.',
    bodyHtml: `<p>Our customer care team is here to help with orders, deliveries, returns and product advice.</p>
<h2>Customer care</h2>
<ul><li>Phone: <a href="tel:+8809610001010">09610 001010</a> ({{service_hours}})</li><li>E-mail: <a href="mailto:care@glowbazaar.com.bd">care@glowbazaar.com.bd</a> (we reply within one working day)</li><li>WhatsApp: <a href="https://wa.me/8801711000000" target="_blank">01711 000000</a></li></ul>
<p>Please keep your order number at hand: it is in your confirmation SMS and e-mail.</p>
<h2>Our stores</h2>
<ul><li><strong>Gulshan 2:</strong> House 12, Road 90, Gulshan Avenue, Dhaka 1212. Open daily 10:00–21:00.</li><li><strong>Dhanmondi 27:</strong> House 47, Road 27 (Old), Dhanmondi, Dhaka 1209. Open daily 10:00–21:00.</li><li><strong>Bashundhara City:</strong> Shop 28, Level 3, Block A, Bashundhara City Shopping Complex, Panthapath, Dhaka 1215. Open 10:00–20:00, closed on Tuesdays.</li></ul>
<h2>Head office</h2>
<p>Glow Bazaar Ltd., Level 7, 45 Kemal Ataturk Avenue, Banani, Dhaka 1213.</p>`,
  },
  {
    handle: 'shipping-policy',
    title: 'Shipping policy',
    metaTitle: 'Shipping policy | Glow Bazaar',
    metaDescription:
      'Delivery times and charges for Glow Bazaar orders: same-day and standard delivery inside Dhaka, Dhaka suburbs and the rest of Bangladesh.',
    bodyHtml: `<p>We deliver to every district of Bangladesh through our own riders inside Dhaka and trusted courier partners elsewhere.</p>
<h2>Delivery charges and times</h2>
<ul><li><strong>Same-day delivery inside Dhaka:</strong> {{fee_same_day}}. Order before {{same_day_cutoff}} (Dhaka time), Saturday to Thursday.</li><li><strong>Standard delivery inside Dhaka:</strong> {{fee_standard_inside_dhaka}}, within 1–2 working days.</li><li><strong>Dhaka suburbs</strong> (Savar, Gazipur, Narayanganj, Keraniganj, Tongi): {{fee_dhaka_suburb}}, within 2–3 working days.</li><li><strong>Outside Dhaka:</strong> {{fee_outside_dhaka}}, within 3–5 working days.</li></ul>
<h2 id="free-delivery">Free delivery</h2>
<p><strong>{{free_delivery}}</strong>. The amount counts the items after discounts and coupons, before the delivery charge; same-day delivery and store pickup are not part of it.</p>
<h2>Order tracking</h2>
<p>You will receive an SMS when your order is confirmed and another when it is handed to the rider or courier, with a tracking link.</p>
<h2>Delays</h2>
<p>During Eid, hartals, floods or other events outside our control, deliveries may take longer. We will keep you informed by SMS.</p>
<h2>Cash on delivery</h2>
<p>Cash on delivery is available across Bangladesh. Please check the parcel in front of the rider before paying; if something is wrong, refuse the parcel and call us.</p>`,
  },
  {
    handle: 'return-policy',
    title: 'Return & refund policy',
    metaTitle: 'Return and refund policy | Glow Bazaar',
    metaDescription:
      'How to return a Glow Bazaar order: 7-day returns on unopened items, replacements for damaged or wrong products, and refunds to bKash or card.',
    bodyHtml: `<p>We want you to love what you buy. If something is not right, we will make it right.</p>
<h2>What you can return</h2>
<ul><li>Unopened, unused items in their original packaging within <strong>7 days</strong> of delivery</li><li>Damaged, defective, expired or wrong items: report within 48 hours of delivery with a photo and we will replace or refund them</li></ul>
<h2>What you cannot return</h2>
<p>For hygiene reasons, opened or used skincare, makeup, fragrance and personal care products cannot be returned unless they are defective. Gift cards and items bought in clearance sales are final.</p>
<h2>How to return</h2>
<ol><li>Call <a href="tel:+8809610001010">09610 001010</a> or e-mail <a href="mailto:care@glowbazaar.com.bd">care@glowbazaar.com.bd</a> with your order number</li><li>We arrange a pick-up inside Dhaka, or you send the parcel through a courier outside Dhaka</li><li>Once the item passes inspection, we process your refund</li></ol>
<h2>Refunds</h2>
<p>Refunds are made to the original payment method: bKash within 3 working days, cards within 7–10 working days depending on your bank. Cash on delivery orders are refunded to a bKash account of your choice. Delivery charges are refunded only if the item was damaged, defective or wrong.</p>`,
  },
  {
    handle: 'terms-conditions',
    title: 'Terms & conditions',
    metaTitle: 'Terms and conditions | Glow Bazaar',
    metaDescription:
      'The terms of using glowbazaar.com.bd and buying from Glow Bazaar: accounts, prices, orders, payments, delivery and returns.',
    bodyHtml: `<p>These terms apply to everyone who visits or buys from glowbazaar.com.bd, operated by Glow Bazaar Ltd., Banani, Dhaka. By placing an order you accept them.</p>
<h2>Your account</h2>
<p>You can shop as a guest or with an account. You are responsible for keeping your password and one-time codes private. We may suspend accounts used for fraud or abuse.</p>
<h2>Prices and availability</h2>
<ul><li>All prices are in Bangladeshi taka (BDT) and include VAT where applicable</li><li>Prices and offers may change without notice; the price at the time you place your order applies</li><li>If an item becomes unavailable after you order, we will inform you and refund any payment in full</li></ul>
<h2>Orders</h2>
<p>An order is confirmed when you receive our confirmation SMS or e-mail. We may cancel orders with obvious pricing errors, suspected fraud or unusually large quantities, and will refund any payment.</p>
<h2>Payment</h2>
<p>We accept cash on delivery, bKash, and debit and credit cards through our payment partner SSLCommerz. We never see or store your full card details.</p>
<h2>Coupons and privilege cards</h2>
<p>Coupons cannot be exchanged for cash, cannot be combined unless stated, and may carry a minimum order value or an expiry date.</p>
<h2>Authenticity</h2>
<p>We sell only genuine products sourced from brand owners and authorised distributors.</p>
<h2>Delivery and returns</h2>
<p>See our <a href="/page/shipping-policy">shipping policy</a> and <a href="/page/return-policy">return policy</a>.</p>
<h2>Governing law</h2>
<p>These terms are governed by the laws of Bangladesh, and the courts of Dhaka have jurisdiction over any dispute.</p>`,
  },
  {
    handle: 'privacy-policy',
    title: 'Privacy policy',
    metaTitle: 'Privacy policy | Glow Bazaar',
    metaDescription: 'What personal information Glow Bazaar collects, why, who we share it with and how you can control it.',
    bodyHtml: `<p>Glow Bazaar Ltd. respects your privacy. This policy explains what we collect when you use our website and stores, and what we do with it.</p>
<h2>What we collect</h2>
<ul><li>Your name, phone number, e-mail address and delivery addresses</li><li>Your orders, wishlist and reviews</li><li>Technical information such as your device, browser and approximate location, to keep the site secure and show the right prices and delivery options</li></ul>
<h2>Why we use it</h2>
<ul><li>To process and deliver your orders and keep you informed by SMS and e-mail</li><li>To verify your phone number with one-time codes and keep your account secure</li><li>To send offers and newsletters, only if you have agreed; you can unsubscribe at any time</li><li>To improve our website and prevent fraud</li></ul>
<h2>Who we share it with</h2>
<p>We share only what is needed with our delivery partners, SMS and e-mail providers, and payment partners (bKash and SSLCommerz). Card details are handled by the payment partner and never stored by us. We never sell your personal information.</p>
<h2>Cookies</h2>
<p>We use cookies to keep you signed in, remember your bag and understand how the site is used. You can clear cookies in your browser at any time.</p>
<h2>Your choices</h2>
<p>You can view and update your details in your account, or ask us to delete your account by e-mailing <a href="mailto:care@glowbazaar.com.bd">care@glowbazaar.com.bd</a>. We keep order records as long as the law requires.</p>`,
  },
];

export type BlogCopy = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  daysAgo: number;
  bodyHtml: string;
  palette: [string, string];
  imageItems: string[];
};

export const BLOG_POSTS: BlogCopy[] = [
  {
    slug: 'skincare-routine-for-humid-dhaka-weather',
    title: 'A skincare routine for humid Dhaka weather',
    excerpt:
      'Sticky afternoons, dust and air conditioning: a simple morning and evening routine that keeps skin clear and comfortable all year.',
    author: 'Nusrat Jahan',
    daysAgo: 6,
    palette: ['#0f7b6c', '#7fd1c1'],
    imageItems: [
      'cerave-hydrating-facial-cleanser',
      'the-ordinary-niacinamide-10-zinc-1',
      'la-roche-posay-anthelios-uvmune-400-invisible-fluid-spf-50',
    ],
    bodyHtml: `<p>Dhaka’s humidity rarely drops below 70% from April to October. Add traffic dust and hours in air-conditioned offices, and skin ends up oily on the surface and dehydrated underneath. The answer is not more products, but lighter ones.</p>
<h2>Morning</h2>
<ol><li><strong>Gentle gel cleanser:</strong> a low-pH gel removes overnight oil without stripping.</li><li><strong>Niacinamide serum:</strong> helps control shine and refines pores.</li><li><strong>Light gel moisturiser:</strong> water-based textures such as Hydro Boost sink in fast.</li><li><strong>Sunscreen, every day:</strong> the UV index stays high even on cloudy monsoon days. Use two finger-lengths for face and neck.</li></ol>
<h2>Evening</h2>
<ol><li>Double cleanse if you wore sunscreen or make-up: micellar water first, then your cleanser.</li><li>Use an exfoliating toner two or three nights a week, not every night.</li><li>Finish with a moisturiser with ceramides to repair the skin barrier.</li></ol>
<h2>Three mistakes to avoid</h2>
<ul><li>Skipping moisturiser because your skin feels oily</li><li>Scrubbing hard after a dusty day</li><li>Applying sunscreen only when you go out in the sun</li></ul>
<p>Shop the routine in our <a href="/all-product/?collection=summer-skincare">summer skincare essentials</a>.</p>`,
  },
  {
    slug: 'edp-vs-edt-vs-edc-choosing-a-perfume',
    title: 'EDP, EDT or EDC? How to choose a perfume',
    excerpt:
      'Eau de Parfum, Eau de Toilette and Eau de Cologne differ in strength, longevity and price. Here is how to pick the right one for you.',
    author: 'Tanvir Ahmed',
    daysAgo: 19,
    palette: ['#2a2a2a', '#c9a227'],
    imageItems: ['dior-sauvage-eau-de-parfum', 'versace-eros-eau-de-toilette', '4711-original-eau-de-cologne'],
    bodyHtml: `<p>The letters on a perfume box tell you how concentrated the fragrance oils are, and that decides how long it lasts and how far it projects.</p>
<h2>The three strengths</h2>
<ul><li><strong>EDP (Eau de Parfum):</strong> 15–20% fragrance oils, lasts 6–8 hours. Richer and deeper: ideal for evenings, weddings and winter.</li><li><strong>EDT (Eau de Toilette):</strong> 5–15%, lasts 4–6 hours. Fresher and lighter: ideal for office days and warm weather.</li><li><strong>EDC (Eau de Cologne):</strong> 2–5%, lasts about 2 hours. A quick, refreshing splash after a shower.</li></ul>
<h2>Which one for Bangladesh?</h2>
<p>Heat makes fragrance project more strongly. For daytime in summer, an EDT is usually enough; keep your EDP for evenings and the cooler months. Apply on pulse points and never rub your wrists together.</p>
<h2>Same name, different scent</h2>
<p>Sauvage EDT and Sauvage EDP are not simply stronger and weaker versions: the EDP has warmer, vanilla notes. Always try both if you can; our stores have testers.</p>
<p>Browse our <a href="/all-product/?collection=fragrance-picks">fragrance picks</a>.</p>`,
  },
  {
    slug: 'sunscreen-101-spf-pa-and-reapplying',
    title: 'Sunscreen 101: SPF, PA and reapplying in the Bangladeshi sun',
    excerpt: 'What SPF 50 and PA+++ really mean, how much to apply and how to reapply over make-up.',
    author: 'Dr. Farhana Akter',
    daysAgo: 33,
    palette: ['#f9a825', '#ff7043'],
    imageItems: ['neutrogena-ultra-sheer-dry-touch-sunscreen-spf-50', 'cosrx-aloe-soothing-sun-cream-spf-50-pa'],
    bodyHtml: `<p>Sunscreen is the single most effective anti-ageing and anti-pigmentation product you can buy, but only if you use enough of it.</p>
<h2>Reading the label</h2>
<ul><li><strong>SPF</strong> measures protection against UVB, the rays that burn. SPF 30 blocks about 97%, SPF 50 about 98%.</li><li><strong>PA+ to PA++++</strong> measures protection against UVA, the rays that cause dark spots and ageing. Look for PA+++ or higher.</li><li><strong>Broad spectrum</strong> means both UVA and UVB are covered.</li></ul>
<h2>How much and how often</h2>
<p>Use about a quarter teaspoon, or two finger-lengths, for face and neck. Reapply every two hours outdoors, and after sweating or washing your face.</p>
<h2>Reapplying over make-up</h2>
<p>Use a sunscreen stick or a powder with SPF over your make-up during the day, and keep a travel-size tube in your bag.</p>`,
  },
  {
    slug: 'monsoon-hair-care-frizz-and-dandruff',
    title: 'Monsoon hair care: beating frizz and dandruff',
    excerpt: 'Rain, humidity and sweat make hair frizzy and scalps itchy. Five habits that keep hair healthy through the monsoon.',
    author: 'Sumaiya Rahman',
    daysAgo: 58,
    palette: ['#1f5fa6', '#64b5f6'],
    imageItems: ['tresemme-keratin-smooth-shampoo', 'parachute-advansed-aloe-vera-enriched-coconut-hair-oil'],
    bodyHtml: `<p>During the monsoon, humidity swells the hair shaft and a damp scalp becomes a home for the yeast that causes dandruff.</p>
<h2>Five habits that help</h2>
<ol><li><strong>Wash more often:</strong> two or three times a week with a mild shampoo removes sweat and rainwater.</li><li><strong>Never skip conditioner:</strong> it seals the cuticle and keeps frizz down.</li><li><strong>Oil before, not after:</strong> massage coconut oil into the scalp an hour before washing, not overnight when the air is this humid.</li><li><strong>Dry your scalp:</strong> never tie up wet hair.</li><li><strong>Use an anti-dandruff shampoo</strong> with zinc pyrithione once a week if flakes appear.</li></ol>
<p>Find shampoos, conditioners and oils in our <a href="/all-product/?category=hair">hair care</a> range.</p>`,
  },
  {
    slug: 'eid-makeup-look-that-lasts-all-day',
    title: 'An Eid makeup look that lasts all day',
    excerpt: 'From morning prayers to evening dawat: how to prep, set and touch up makeup so it survives the heat.',
    author: 'Mehnaz Chowdhury',
    daysAgo: 95,
    palette: ['#c2185b', '#f48fb1'],
    imageItems: [
      'maybelline-superstay-matte-ink-liquid-lipstick',
      'maybelline-fit-me-matte-poreless-foundation',
      'maybelline-lash-sensational-sky-high-mascara',
    ],
    bodyHtml: `<p>Eid days are long: visits, photos, food and warm weather. A few professional tricks keep your look fresh from morning to night.</p>
<h2>Prep</h2>
<ul><li>Moisturise with a light gel and let it sink in for five minutes</li><li>Apply sunscreen, then a mattifying primer on the T-zone</li></ul>
<h2>Base</h2>
<p>Choose a long-wear, sweat-resistant foundation and apply thin layers with a damp sponge. Set the T-zone with a pressed powder.</p>
<h2>Eyes and lips</h2>
<ul><li>A smudge-proof kajal and waterproof mascara survive the heat</li><li>A liquid matte lipstick in a berry or classic red lasts through meals; blot and reapply once in the afternoon</li></ul>
<h2>Touch-ups</h2>
<p>Carry blotting papers, your compact powder and your lipstick. Blot first, then powder: never powder over oil.</p>`,
  },
  {
    slug: 'lego-for-every-age',
    title: 'LEGO for every age: picking the right set',
    excerpt: 'DUPLO, Classic, City, Friends or Technic? A quick guide to choosing a LEGO set your child will love.',
    author: 'Rakib Hasan',
    daysAgo: 140,
    palette: ['#e3000b', '#ffcf00'],
    imageItems: ['lego-classic-large-creative-brick-box-10698', 'lego-city-fire-station-60320'],
    bodyHtml: `<p>LEGO sets are labelled by age for a reason: the size of the pieces and the complexity of the instructions grow with your child.</p>
<h2>By age</h2>
<ul><li><strong>1.5–5 years: LEGO DUPLO.</strong> Large bricks that small hands can hold, and no small parts.</li><li><strong>4+ years: LEGO Classic.</strong> Open-ended boxes of bricks for free building.</li><li><strong>5–10 years: LEGO City and Friends.</strong> Vehicles, buildings and minifigures for storytelling.</li><li><strong>8+ years: LEGO Creator 3in1 and Technic.</strong> Gears, motors and models that build three ways.</li></ul>
<h2>Tips for parents</h2>
<ul><li>A Classic brick box is compatible with every other set: a great first purchase</li><li>Sort pieces into trays before building to make it easier for younger builders</li><li>Every LEGO product we sell comes from the authorised distributor in Bangladesh</li></ul>
<p>Browse all <a href="/kids/all-product/?category=building-sets">building sets</a>.</p>`,
  },
];

export const STORES = [
  {
    name: 'Glow Bazaar Gulshan',
    address: 'House 12, Road 90, Gulshan Avenue, Gulshan 2, Dhaka 1212',
    area: 'Gulshan 2',
    city: 'Dhaka',
    phone: '+8809610001011',
    hours: 'Daily 10:00–21:00',
  },
  {
    name: 'Glow Bazaar Dhanmondi',
    address: 'House 47, Road 27 (Old), Dhanmondi, Dhaka 1209',
    area: 'Dhanmondi 27',
    city: 'Dhaka',
    phone: '+8809610001012',
    hours: 'Daily 10:00–21:00',
  },
  {
    name: 'Glow Bazaar Bashundhara City',
    address: 'Shop 28, Level 3, Block A, Bashundhara City Shopping Complex, Panthapath, Dhaka 1215',
    area: 'Bashundhara City',
    city: 'Dhaka',
    phone: '+8809610001013',
    hours: '10:00–20:00, closed on Tuesdays',
  },
];
