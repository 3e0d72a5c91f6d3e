import { redirect } from 'react-router';
import { currentLocale, initI18n, saveLocaleChoice } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { endSession } from '../../../shared/session/guards';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';

/** /auth/logoff: the locale is saved first (000 §4.5), then token and cache go; on to sign-in. */
export async function loader(): Promise<Response> {
  await initI18n();
  saveLocaleChoice(currentLocale());
  endSession();
  return redirect(paths.signIn);
}

export function Component() {
  return <FullPageLoader />;
}
