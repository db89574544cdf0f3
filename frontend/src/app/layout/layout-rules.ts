/** The five account screens show neither header nor footer, and no top margin (spec section 2). */
export const ACCOUNT_PATHS = ['/sign-in', '/register', '/forgot-password', '/reset-password', '/verify-email'] as const;

export const isAccountPath = (pathname: string): boolean =>
  (ACCOUNT_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
