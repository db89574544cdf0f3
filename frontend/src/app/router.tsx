// Every screen is a lazy route: its code loads when the shopper first goes there.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { messageSectionsLoaded } from '@/lib/i18n';
import { HERO_ART } from '@/features/home/hero-art';
import { Layout } from '@/app/layout/Layout';
import { PageLoading } from '@/components/PageLoading';

/**
 * A loader that imports its module once, with the message sections it asked for (in the page's
 * language); the lazy route and the preload share the promise.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let module: Promise<T> | undefined;
  return () =>
    (module ??= load()
      .then(async (loaded) => {
        await messageSectionsLoaded();
        return loaded;
      })
      .catch((error: unknown) => {
        module = undefined; // a failed download may be retried
        throw error;
      }));
}

const screens = {
  home: once(() => import('@/app/routes/home')),
  about: once(() => import('@/app/routes/about')),
  contact: once(() => import('@/app/routes/contact')),
  terms: once(() => import('@/app/routes/terms')),
  privacy: once(() => import('@/app/routes/privacy')),
  category: once(() => import('@/app/routes/category')),
  categoryChild: once(() => import('@/app/routes/category-child')),
  product: once(() => import('@/app/routes/product')),
  brand: once(() => import('@/app/routes/brand')),
  search: once(() => import('@/app/routes/search')),
  notFound: once(() => import('@/app/routes/not-found')),
  checkout: once(() => import('@/app/routes/checkout')),
  orderConfirmation: once(() => import('@/app/routes/order-confirmation')),
  viewOrder: once(() => import('@/app/routes/view-order')),
  findOrder: once(() => import('@/app/routes/find-order')),
  signIn: once(() => import('@/app/routes/sign-in')),
  register: once(() => import('@/app/routes/register')),
  forgotPassword: once(() => import('@/app/routes/forgot-password')),
  resetPassword: once(() => import('@/app/routes/reset-password')),
  verifyEmail: once(() => import('@/app/routes/verify-email')),
  user: once(() => import('@/app/routes/user')),
  admin: once(() => import('@/app/routes/admin')),
};

const Home = lazy(screens.home);
const About = lazy(screens.about);
const Contact = lazy(screens.contact);
const Terms = lazy(screens.terms);
const Privacy = lazy(screens.privacy);
const Category = lazy(screens.category);
const CategoryChild = lazy(screens.categoryChild);
const Product = lazy(screens.product);
const Brand = lazy(screens.brand);
const Search = lazy(screens.search);
const NotFound = lazy(screens.notFound);
const Checkout = lazy(screens.checkout);
const OrderConfirmation = lazy(screens.orderConfirmation);
const ViewOrder = lazy(screens.viewOrder);
const FindOrder = lazy(screens.findOrder);
const SignIn = lazy(screens.signIn);
const Register = lazy(screens.register);
const ForgotPassword = lazy(screens.forgotPassword);
const ResetPassword = lazy(screens.resetPassword);
const VerifyEmail = lazy(screens.verifyEmail);
const User = lazy(screens.user);
const Admin = lazy(screens.admin);

export function AppRoutes() {
  return (
    <Routes>
      {/* The back office has its own frame (src/app/admin); no shopper screen imports it. */}
      <Route
        path="admin/*"
        element={
          <Suspense fallback={<PageLoading />}>
            <Admin />
          </Suspense>
        }
      />
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="about" element={<About />} />
        <Route path="contact" element={<Contact />} />
        <Route path="terms-and-conditions" element={<Terms />} />
        <Route path="privacy-policy" element={<Privacy />} />
        <Route path="category/:categorySlug" element={<Category />} />
        <Route path="category/:parentSlug/:slug" element={<CategoryChild />} />
        <Route path="category/:parentSlug/:categorySlug/:productSlug" element={<Product />} />
        <Route path="dealer/:brandSlug" element={<Brand />} />
        <Route path="dealer/:brandSlug/:productSlug" element={<Product />} />
        <Route path="search" element={<Search />} />
        <Route path="sign-in" element={<SignIn />} />
        <Route path="register" element={<Register />} />
        <Route path="forgot-password" element={<ForgotPassword />} />
        <Route path="reset-password" element={<ResetPassword />} />
        <Route path="verify-email" element={<VerifyEmail />} />
        <Route path="user" element={<User />} />
        <Route path="checkout" element={<Checkout />} />
        <Route path="order-confirmation/:uuid" element={<OrderConfirmation />} />
        <Route path="view-order/:uuid" element={<ViewOrder />} />
        <Route path="find-order" element={<FindOrder />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** Screens a mail's link or a bookmark often opens the shop on. */
const singleSegmentScreens: Partial<Record<string, () => Promise<unknown>>> = {
  'sign-in': screens.signIn,
  register: screens.register,
  'reset-password': screens.resetPassword,
  'verify-email': screens.verifyEmail,
  user: screens.user,
  'find-order': screens.findOrder,
};

/** Order pages, which the order mails link to (`/view-order/{uuid}`). */
const orderScreens: Partial<Record<string, () => Promise<unknown>>> = {
  'order-confirmation': screens.orderConfirmation,
  'view-order': screens.viewOrder,
};

/**
 * Starts fetching the screen of the page the shop opens on while React starts up, instead of after
 * its first render; answers when it has arrived (the lazy route then finds it loaded).
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const [first = '', ...rest] = pathname.split('/').filter(Boolean);
  if (first === 'admin') return screens.admin();
  const load =
    first === ''
      ? screens.home
      : first === 'category'
        ? [screens.category, screens.categoryChild, screens.product][rest.length - 1]
        : first === 'dealer'
          ? [screens.brand, screens.product][rest.length - 1]
          : first === 'search'
            ? screens.search
            : rest.length === 0
              ? singleSegmentScreens[first]
              : rest.length === 1
                ? orderScreens[first]
                : undefined;
  if (load === screens.home) {
    // The hero picture is the home page's largest paint on phones: fetch it alongside the code.
    const hero = new Image();
    hero.fetchPriority = 'high';
    hero.src = HERO_ART;
  }
  return load ? load() : Promise.resolve();
}
