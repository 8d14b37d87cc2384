import { type RouteConfig, index, route } from '@react-router/dev/routes';

/**
 * The routes of SPEC.md §2. `:section?` is the optional kids/home/sports prefix (see
 * SECTION_PREFIXES); a loader answers 404 for any other value.
 */
export default [
  index('routes/home.tsx', { id: 'home-beauty' }),
  route('toys', 'routes/home.tsx', { id: 'home-toys' }),
  route('home', 'routes/home.tsx', { id: 'home-home' }),
  route('sport', 'routes/home.tsx', { id: 'home-sport' }),
  route(':section?/all-product', 'routes/listing.tsx'),
  route(':section?/product', 'routes/search.tsx'),
  route(':section?/brand/:brand', 'routes/brand.tsx'),
  route(':section?/brand/:brand/:product', 'routes/product.tsx'),
  route('page/:id', 'routes/page.tsx'),
  route('blog', 'routes/blog-list.tsx', { id: 'blog-list' }),
  route('blogs', 'routes/blog-list.tsx', { id: 'blogs-list' }),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('about-us/terms-conditions', 'routes/about.tsx', { id: 'about-terms' }),
  route('about-us/privacy-policy', 'routes/about.tsx', { id: 'about-privacy' }),
  route('404', 'routes/not-found.tsx', { id: 'not-found' }),
  route(':locale/404', 'routes/not-found.tsx', { id: 'not-found-locale' }),
  route('store/register', 'routes/store-register.tsx'),
  route('account/:tabName', 'routes/account.tsx'),
  route('verify/:status/:id', 'routes/verify.tsx'),
  route('passwordless-login/:token/:uid/:hash', 'routes/passwordless-login.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('forgot-password/:id', 'routes/reset-password.tsx'),
  route('verify-email/:id', 'routes/verify-email.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('receipt/:id', 'routes/receipt.tsx'),
  route('payment-success', 'routes/payment-success.tsx'),
  route('order-verify/:status/:id', 'routes/order-verify.tsx'),
  route('account/orders/:id', 'routes/account-order.tsx'),
  route('orders', 'routes/guest-orders.tsx'),
  // The actions of plain HTML forms (sent before hydration or without JavaScript): no pages of their own.
  route('form/bag', 'routes/form-bag.ts'),
  route('form/notify', 'routes/form-notify.ts'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
