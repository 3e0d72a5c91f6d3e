import { ActionIcon, Anchor, Badge, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { downloadMaterial } from '../api/reports';
import { formatSize, MATERIAL_ACCEPT, MATERIAL_MAX_KB, type MaterialItem } from '../model/materials';

interface Props {
  items: readonly MaterialItem[];
  /** files picked (pending until saved); omitted: read only */
  onAdd?: (files: File[]) => void;
  /** removes a pending file, or asks to remove an attached one */
  onRemove?: (item: MaterialItem) => void;
  busy?: boolean;
}

/** The event's materials (001 §3): attached files to download, files picked since waiting for the save, each with its problem. */
export function MaterialList({ items, onAdd, onRemove, busy }: Props) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const { t: tc } = useTranslation('common');
  const toMessage = useErrorMessage();
  const field = t('materials.title');

  const download = async (item: Extract<MaterialItem, { kind: 'attached' }>) => {
    try {
      await downloadMaterial(item);
    } catch (error) {
      notifications.show({ color: 'red', message: toMessage(error) });
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="materials">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {field}
          </Title>
          {onAdd && (
            <FileButton multiple accept={MATERIAL_ACCEPT} onChange={(files) => onAdd(files)}>
              {(props) => (
                <Anchor component="button" type="button" size="sm" {...props} data-testid="materials-add">
                  {t('materials.add')}
                </Anchor>
              )}
            </FileButton>
          )}
        </Group>
        {onAdd && (
          <Text size="xs" c="dimmed">
            {t('materials.hint', { size: Math.round(MATERIAL_MAX_KB / 1024) })}
          </Text>
        )}
        {items.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="materials-empty">
            {t('materials.empty')}
          </Text>
        )}
        {items.map((item) => {
          const name = item.kind === 'attached' ? item.fileName : item.file.name;
          const size = item.kind === 'attached' ? item.size : item.file.size;
          return (
            <Group key={item.kind === 'attached' ? item.materialId : item.key} justify="space-between" wrap="nowrap" data-testid="material" data-name={name} data-kind={item.kind}>
              <Stack gap={0} style={{ minWidth: 0 }}>
                {item.kind === 'attached' ? (
                  <Anchor component="button" type="button" size="sm" onClick={() => void download(item)} style={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
                    {name}
                  </Anchor>
                ) : (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                )}
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {formatSize(size, i18n.language)}
                  </Text>
                  {item.kind === 'pending' && item.problem === null && (
                    <Badge size="xs" variant="light">
                      {t('materials.pending')}
                    </Badge>
                  )}
                </Group>
                {item.kind === 'pending' && item.problem && (
                  <Text size="xs" c="red" role="alert">
                    {item.problem.rule === 'fileSize' ? tc('validation.fileSize', { field: name, size: item.problem.size }) : t('materials.wrongType', { name })}
                  </Text>
                )}
              </Stack>
              {onRemove && (
                <ActionIcon variant="subtle" color="red" disabled={busy} aria-label={t('materials.remove', { name })} onClick={() => onRemove(item)} data-testid="material-remove">
                  ×
                </ActionIcon>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
