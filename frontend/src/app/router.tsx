// Every screen is a lazy route: its code loads when the shopper first goes there.
import { lazy, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { messageSectionsLoaded } from '@/lib/i18n';
import { HERO_ART } from '@/features/home/hero-art';
import { Layout } from '@/app/layout/Layout';
import { PageLoading } from '@/components/PageLoading';
import { ADMIN_ROOT, paths } from '@/lib/paths';

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
  crop: once(() => import('@/app/routes/crop')),
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
const Crop = lazy(screens.crop);
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
        path={`${ADMIN_ROOT}/*`}
        element={
          <Suspense fallback={<PageLoading />}>
            <Admin />
          </Suspense>
        }
      />
      <Route element={<Layout />}>
        <Route path={paths.home.path} element={<Home />} />
        <Route path={paths.about.path} element={<About />} />
        <Route path={paths.contact.path} element={<Contact />} />
        <Route path={paths.terms.path} element={<Terms />} />
        <Route path={paths.privacy.path} element={<Privacy />} />
        <Route path={paths.category.path} element={<Category />} />
        <Route path={paths.subCategory.path} element={<CategoryChild />} />
        <Route path={paths.categoryProduct.path} element={<Product />} />
        <Route path={paths.brand.path} element={<Brand />} />
        <Route path={paths.product.path} element={<Product />} />
        <Route path={paths.search.path} element={<Search />} />
        <Route path={paths.crop.path} element={<Crop />} />
        <Route path={paths.signIn.path} element={<SignIn />} />
        <Route path={paths.register.path} element={<Register />} />
        <Route path={paths.forgotPassword.path} element={<ForgotPassword />} />
        <Route path={paths.resetPassword.path} element={<ResetPassword />} />
        <Route path={paths.verifyEmail.path} element={<VerifyEmail />} />
        <Route path={paths.account.path} element={<User />} />
        <Route path={paths.checkout.path} element={<Checkout />} />
        <Route path={paths.orderConfirmation.path} element={<OrderConfirmation />} />
        <Route path={paths.viewOrder.path} element={<ViewOrder />} />
        <Route path={paths.findOrder.path} element={<FindOrder />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/**
 * The screens fetched while React starts when the shop opens on them (the public pages, and those a
 * mail's link or a bookmark often opens); the others load when the router reaches them.
 */
const preloads: [pattern: string, load: () => Promise<unknown>][] = [
  [`${ADMIN_ROOT}/*`, screens.admin],
  [paths.home.path, screens.home],
  [paths.category.path, screens.category],
  [paths.subCategory.path, screens.categoryChild],
  [paths.categoryProduct.path, screens.product],
  [paths.brand.path, screens.brand],
  [paths.product.path, screens.product],
  [paths.search.path, screens.search],
  [paths.crop.path, screens.crop],
  [paths.signIn.path, screens.signIn],
  [paths.register.path, screens.register],
  [paths.resetPassword.path, screens.resetPassword],
  [paths.verifyEmail.path, screens.verifyEmail],
  [paths.account.path, screens.user],
  [paths.findOrder.path, screens.findOrder],
  [paths.orderConfirmation.path, screens.orderConfirmation],
  [paths.viewOrder.path, screens.viewOrder],
];

/**
 * Starts fetching the screen of the page the shop opens on while React starts up, instead of after
 * its first render; answers when it has arrived (the lazy route then finds it loaded).
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const load = preloads.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  if (load === screens.home) {
    // The hero picture is the home page's largest paint on phones: fetch it alongside the code.
    const hero = new Image();
    hero.fetchPriority = 'high';
    hero.src = HERO_ART;
  }
  return load ? load() : Promise.resolve();
}
