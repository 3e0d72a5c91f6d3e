import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountReady } from '../../../shared/session/use-session';
import { asLocale } from '../../../shared/ui/shell/localized';
import { markMessageRead, messagesQueryOptions } from '../api/notifications';
import { modalSize, nextMessage } from '../model/notifications-model';

/**
 * Notification messages (000 §2.10, §4.6): the unread queue, one at a time in a modal with its
 * category grid (3 columns, 1 on narrow screens); a "read" event is sent when a message shows,
 * and closing it shows the next. The server sanitizes the HTML; it is sanitized again here
 * (DOMPurify) before it reaches the page, so no script from it can run.
 */
export const sanitizeMessageHtml = (html: string): string =>
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] });

export function MessagesModal() {
  const { t, i18n } = useTranslation('notifications');
  const lang = asLocale(i18n.language);
  const ready = useAccountReady();
  const messages = useQuery({ ...messagesQueryOptions(lang), enabled: ready });
  const [shown, setShown] = useState<Set<string>>(() => new Set());
  const sent = useRef(new Set<string>());
  const current = nextMessage(messages.data ?? [], shown);
  const html = useMemo(() => (current ? sanitizeMessageHtml(current.content) : ''), [current]);

  useEffect(() => {
    if (!current || sent.current.has(current.id)) return;
    sent.current.add(current.id);
    markMessageRead(current.id).catch((error: unknown) => console.warn('Notification read event not recorded', error));
  }, [current]);

  const close = () => {
    if (current) setShown((ids) => new Set([...ids, current.id]));
  };

  return (
    <Modal opened={current !== null} onClose={close} title={current?.title ?? ''} size={current ? modalSize(current.displayViewConfig.size) : 'lg'} centered>
      {current && (
        <Stack gap="md" data-testid={`notification-message-${current.id}`}>
          <Box ta={current.displayViewConfig.contentAlign} className="notification-content" data-testid="notification-message-content" dangerouslySetInnerHTML={{ __html: html }} />
          {current.categories.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="notification-categories">
              {current.categories.map((category) => (
                <Button key={`${category.to}-${category.label}`} component={Link} to={category.to} variant="light" onClick={close}>
                  {category.label}
                </Button>
              ))}
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button onClick={close} data-testid="notification-message-close">
              {t('messageClose')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
