import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFILE_PICTURE_TYPES, type UserData } from '@portal/identity/contracts/http';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useRemovePicture, useUploadPicture } from '../api/account';
import { validatePicture } from './profile-rules';

/** Profile picture: png, jpeg, webp or gif up to 2 MB, checked here first (000 §5), then uploaded. */
export function PictureField({ user }: { user: Pick<UserData, 'profilePicture' | 'initials' | 'displayName'> }) {
  const { t } = useTranslation('account');
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const [localError, setLocalError] = useState<string | null>(null);

  const label = t('profile.picture');
  const onFile = (file: File | null) => {
    upload.reset();
    remove.reset();
    if (!file) return;
    const rule = validatePicture(file);
    setLocalError(ruleMessage(rule, label));
    if (!rule) upload.mutate(file);
  };

  const failure = upload.error ?? remove.error;
  const error = localError ?? (failure ? toMessage(failure) : null);

  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <Avatar src={user.profilePicture ?? undefined} alt={user.profilePicture ? t('profile.pictureAlt', { name: user.displayName }) : undefined} color="brand" radius="xl" size={88} data-testid="profile-picture">
        {user.initials}
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={onFile} accept={PROFILE_PICTURE_TYPES.join(',')} inputProps={{ 'aria-label': label, 'data-testid': 'profile-picture-input' } as never}>
            {(props) => (
              <Button {...props} variant="default" size="xs" loading={upload.isPending} data-testid="profile-picture-upload">
                {user.profilePicture ? t('profile.changePicture') : t('profile.uploadPicture')}
              </Button>
            )}
          </FileButton>
          {user.profilePicture && (
            <Button variant="subtle" color="red" size="xs" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="profile-picture-remove">
              {t('profile.removePicture')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('profile.pictureHint')}
        </Text>
        {error && (
          <Text size="sm" c="red.8" role="alert" data-testid="profile-picture-error">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
