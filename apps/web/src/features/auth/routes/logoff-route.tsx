import { redirect } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { signOut } from '../../../shared/session/guards';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';

/**
 * /auth/logoff: the locale is saved first (cookie and profile, 000 §4.5), the server revokes
 * the session and clears the refresh cookie, then token and cache go; on to sign-in.
 */
export async function loader(): Promise<Response> {
  await signOut();
  return redirect(paths.signIn);
}

export function Component() {
  return <FullPageLoader />;
}
