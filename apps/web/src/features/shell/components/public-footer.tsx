import { Anchor, Box, Button, Container, Group, Popover, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChatIcon } from '../../../shared/ui/icons';
import { openSupport } from '../../../shared/ui/shell/shell-store';
import { copyrightYear, legalLinksFor } from '../model/country-links';
import { LegalAnchor } from './legal-link';
import { shellSettings, showChatbot } from '../model/shell-links';
import { useShellData } from './use-shell-data';

/**
 * Footer of the public shell (000 §2.9): placeholder text, copyright (the current year), terms of use,
 * privacy, about and company links for the visitor's country and locale, and the environment
 * name outside production. Brazil adds the support text and link, and the chatbot helper
 * popover when a chatbot is configured.
 */
export function PublicFooter() {
  const { t } = useTranslation('shell');
  const data = useShellData();
  const links = legalLinksFor(data.claims?.country ?? data.user?.country, data.locale, data.config.legalLinks);
  const brazil = links.country === 'BR';
  const chatbotUrl = shellSettings().chatbotUrl;

  return (
    <Box component="footer" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="public-footer" data-country={links.country}>
      <Container size="lg" py="lg">
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {t('public.footerText')}
          </Text>
          {brazil && (
            <Group gap="xs" data-testid="footer-support">
              <Text size="sm" c="gray.7">
                {t('public.supportText')}
              </Text>
              <Anchor component="button" type="button" size="sm" onClick={() => openSupport()} data-testid="footer-support-link">
                {t('public.supportLink')}
              </Anchor>
            </Group>
          )}
          <Group gap="md" component="nav" aria-label={t('public.legalLabel')}>
            <LegalAnchor href={links.terms} size="sm" testId="footer-terms">
              {t('public.terms')}
            </LegalAnchor>
            <LegalAnchor href={links.privacy} size="sm" testId="footer-privacy">
              {t('public.privacy')}
            </LegalAnchor>
            <LegalAnchor href={links.about} size="sm" testId="footer-about">
              {t('public.about')}
            </LegalAnchor>
            <LegalAnchor href={links.company} size="sm" testId="footer-company">
              {t('public.company')}
            </LegalAnchor>
          </Group>
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="gray.7">
              {t('public.copyright', { year: copyrightYear() })}
            </Text>
            {!data.config.production && data.config.envName && (
              <Text size="xs" c="gray.7" data-testid="footer-env">
                {t('public.environment', { name: data.config.envName })}
              </Text>
            )}
          </Group>
        </Stack>
      </Container>
      {brazil && showChatbot(data.claims?.country ?? null, data.locale, chatbotUrl) && chatbotUrl && (
        <Box pos="fixed" bottom={20} right={20} style={{ zIndex: 20 }}>
          <Popover position="top-end" shadow="md" width={280} withArrow>
            <Popover.Target>
              <Button radius="xl" leftSection={<ChatIcon size={18} />} data-testid="chatbot-toggle">
                {t('public.chatbot.open')}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap="xs" data-testid="chatbot-popover">
                <Text size="sm">{t('public.chatbot.text')}</Text>
                <Button component="a" href={chatbotUrl} target="_blank" rel="noopener noreferrer" size="xs">
                  {t('public.chatbot.start')}
                </Button>
              </Stack>
            </Popover.Dropdown>
          </Popover>
        </Box>
      )}
    </Box>
  );
}
