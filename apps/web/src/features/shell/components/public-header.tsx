import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '../../../shared/i18n/language-picker';
import { BrandLogo } from '../../../shared/ui/brand-logo';
import { legalLinksFor } from '../model/country-links';
import { LegalAnchor } from './legal-link';
import { MENU_PATHS } from '../model/side-menu';
import { UserMenu } from './user-menu';
import { useShellData } from './use-shell-data';

/**
 * Top bar of the public shell (000 §2.9): logo, Home, and Login / Create an account when
 * signed out; My content (with station access) and a user menu with sign-out when signed in.
 * Below it the static navigation (About, Courses, Videos, Podcasts).
 */
export function PublicHeader() {
  const { t } = useTranslation('shell');
  const data = useShellData();
  const links = legalLinksFor(data.claims?.country, data.locale, data.config.legalLinks);

  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="public-header">
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="md" wrap="nowrap">
            <Anchor component={Link} to={MENU_PATHS.start} underline="never" aria-label={t('public.brand')} data-testid="public-brand">
              <Group gap="xs" wrap="nowrap">
                <BrandLogo size={32} />
                <Text fw={700} c="brand" visibleFrom="xs">
                  {t('public.title')}
                </Text>
              </Group>
            </Anchor>
            <Anchor component={Link} to={MENU_PATHS.start} fw={500} data-testid="public-home">
              {t('public.home')}
            </Anchor>
          </Group>
          {/* wraps on a phone: the language button goes under the others rather than past the edge (issue 26) */}
          <Group gap="xs" wrap="wrap">
            {data.signedIn ? (
              <>
                {data.user?.hasStationsAccess && (
                  <Button component={Link} to={MENU_PATHS.home} size="compact-md" data-testid="public-my-content">
                    {t('public.myContent')}
                  </Button>
                )}
                <UserMenu initials={data.user?.initials ?? ''} user={data.claims} />
              </>
            ) : (
              <>
                <Button component={Link} to="/auth" variant="subtle" size="compact-md" data-testid="public-login">
                  {t('public.login')}
                </Button>
                <Button component={Link} to="/auth/register" size="compact-md" data-testid="public-register">
                  {t('public.register')}
                </Button>
              </>
            )}
            <LanguagePicker />
          </Group>
        </Group>
        <Group gap="lg" mt="xs" component="nav" aria-label={t('public.navLabel')} data-testid="public-nav">
          <LegalAnchor href={links.about} size="sm" c="gray.8">
            {t('public.nav.about')}
          </LegalAnchor>
          <Anchor component={Link} to={MENU_PATHS.training} size="sm" c="gray.8">
            {t('public.nav.courses')}
          </Anchor>
          <Anchor component={Link} to="/feed/recent" size="sm" c="gray.8">
            {t('public.nav.videos')}
          </Anchor>
          <Anchor component={Link} to="/feed/podcasts" size="sm" c="gray.8">
            {t('public.nav.podcasts')}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
