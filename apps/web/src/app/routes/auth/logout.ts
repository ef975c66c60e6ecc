import { redirect } from 'react-router';
import { href } from '@/config/paths';
import { signOut } from '@/features/auth/api/sign-out';
import { notify } from '@/lib/toast';

/**
 * Signing out has no screen: end the session, land on the route named `auth`
 * (docs/product.md#sign-in-state).
 */
export async function loader() {
  const result = await signOut();
  if (!result.ok) notify('error', 'auth.error.signOut');
  return redirect(href('auth'));
}
