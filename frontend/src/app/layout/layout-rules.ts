import { paths } from '@/lib/paths';

/** The five account screens show neither header nor footer, and no top margin (spec section 2). */
export const ACCOUNT_PATHS: readonly string[] = [
  paths.signIn.path,
  paths.register.path,
  paths.forgotPassword.path,
  paths.resetPassword.path,
  paths.verifyEmail.path,
];

export const isAccountPath = (pathname: string): boolean => ACCOUNT_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
