import { useMemo } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Divider, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { COUNTRY_CODES, type UserData } from '@portal/identity/contracts/http';
import type { Locale } from '@portal/kernel';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { paths, withNext } from '../../../shared/routing/paths';
import { nextAccountStep } from '../../../shared/session/guard-rules';
import { useAccountReady } from '../../../shared/session/use-session';
import { editOptionsQueryOptions, profileStationsQueryOptions, useUpdateProfile } from '../api/account';
import { RegisterProgress } from './register-progress';
import { NULO, PROFILE_LIMITS, changesEmail, cropChoices, emptySaveOutcome, missingForCompletion, profileFormValues, profilePatch, validateProfile, type ProfileValues } from './profile-rules';

interface ProfileFormProps {
  user: UserData;
  locale: Locale;
  /** Where to go once the registration is Completed (kept from the guard). */
  next: string | null;
}

/** Every profile field of 000 §3 with its rules; saves only what changed (issue 3). */
export function ProfileForm({ user, locale, next }: ProfileFormProps) {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const update = useUpdateProfile();
  const { data: options } = useQuery({ ...editOptionsQueryOptions(locale), placeholderData: keepPreviousData });

  // the learner's crops: /api/stations answers learners only (verified e-mail, registration
  // Completed) and judges by the access token's claims, which are renewed after the save that
  // completes the profile: ask only once the token says so, or the first ask is a 403 (issue 13)
  const isLearner = useAccountReady();
  const { data: stations } = useQuery({ ...profileStationsQueryOptions(), enabled: isLearner });

  const label = (field: keyof ProfileValues) => t(`profile.fields.${field}`);
  const gender = (field: keyof ProfileValues) => t(`profile.fieldGenders.${field}`);
  const form = useForm<ProfileValues>({
    initialValues: profileFormValues(user),
    validate: (values) => {
      const issues = validateProfile(values);
      return Object.fromEntries(Object.entries(issues).map(([field, rule]) => [field, ruleMessage(rule, label(field as keyof ProfileValues), gender(field as keyof ProfileValues))]));
    },
  });
  const values = form.values;
  const missing = missingForCompletion(values);

  const countries = useMemo(() => {
    const fromServer = options?.countries.map((c) => ({ value: c.code, label: c.displayName }));
    if (fromServer && fromServer.length > 0) return fromServer;
    return COUNTRY_CODES.map((code) => ({ value: code, label: t(`countries.${code}`, { ns: 'common' }) }));
  }, [options, t]);
  const withoutNulo = (list: readonly { value: string; label: string }[] | undefined) => (list ?? []).filter((o) => o.value !== NULO);
  const userTypes = withoutNulo(options?.userTypes);
  const actingAreas = withoutNulo(options?.actingAreas);
  const brazilStates = values.country === 'BR' ? (options?.states['BR'] ?? []) : [];
  const phoneIsVerified = user.phoneVerified && values.phone.trim() !== '' && values.phone.trim() === (user.phone ?? '').trim();

  const submit = form.onSubmit((formValues) => {
    const outcome = emptySaveOutcome(user, formValues);
    if (outcome.kind === 'missing') {
      form.setErrors(Object.fromEntries(outcome.fields.map((field) => [field, ruleMessage({ rule: 'required' }, label(field), gender(field))])));
      const fields = new Intl.ListFormat(locale, { type: 'conjunction' }).format(outcome.fields.map(label));
      notifications.show({ color: 'red', message: t('profile.fillRequired', { fields }) });
      return;
    }
    if (outcome.kind === 'nothing') {
      notifications.show({ color: 'gray', message: t('profile.nothingToSave') });
      return;
    }
    const patch = profilePatch(user, formValues);
    const wasCompleted = user.registerStatus === 'Completed';
    update.mutate(patch, {
      onSuccess: (saved) => {
        form.setValues(profileFormValues(saved));
        form.resetDirty(profileFormValues(saved));
        if (changesEmail(patch) && !saved.emailVerified) {
          notifications.show({ color: 'yellow', message: t('profile.emailChanged') });
          void navigate(withNext(paths.verifyEmail, next), { replace: true });
          return;
        }
        notifications.show({ color: 'teal', message: t('profile.saved') });
        if (!wasCompleted && saved.registerStatus === 'Completed') void navigate(nextAccountStep(saved, next), { replace: true });
      },
    });
  });

  const emptyOption = { value: '', label: t('profile.notSpecified') };

  return (
    <Stack gap="lg">
      <RegisterProgress status={user.registerStatus} missing={missing} />
      <form onSubmit={submit} noValidate aria-busy={update.isPending} data-testid="profile-form">
        <Stack gap="md">
          {update.isError && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {toMessage(update.error)}
            </Alert>
          )}
          <Divider label={t('profile.sections.personal')} labelPosition="left" />
          <TextInput label={label('name')} required autoComplete="name" maxLength={PROFILE_LIMITS.name} data-testid="profile-name" {...form.getInputProps('name')} />
          <TextInput
            label={label('email')}
            description={t('profile.emailDescription')}
            type="email"
            autoComplete="email"
            required
            data-testid="profile-email"
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect label={label('country')} required data={countries} data-testid="profile-country" {...form.getInputProps('country')} />
            {brazilStates.length > 0 ? (
              <NativeSelect label={label('state')} data={[emptyOption, ...brazilStates]} data-testid="profile-state" {...form.getInputProps('state')} />
            ) : (
              <TextInput label={label('state')} autoComplete="address-level1" maxLength={PROFILE_LIMITS.state} data-testid="profile-state" {...form.getInputProps('state')} />
            )}
            <TextInput label={label('city')} autoComplete="address-level2" maxLength={PROFILE_LIMITS.city} data-testid="profile-city" {...form.getInputProps('city')} />
            <TextInput
              label={label('phone')}
              type="tel"
              autoComplete="tel"
              placeholder="+55 11 98765-4321"
              data-testid="profile-phone"
              rightSectionWidth={phoneIsVerified ? 96 : undefined}
              rightSection={
                phoneIsVerified ? (
                  <Badge color="teal" variant="light" size="sm">
                    {t('profile.phoneVerified')}
                  </Badge>
                ) : undefined
              }
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          {!phoneIsVerified && (
            <Text size="sm">
              <Anchor component={Link} to={values.phone ? `${paths.phoneVerification}?${new URLSearchParams({ phone: values.phone }).toString()}` : paths.phoneVerification} data-testid="profile-verify-phone">
                {t('profile.verifyPhone')}
              </Anchor>
            </Text>
          )}

          <Divider label={t('profile.sections.work')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect label={label('userType')} required data={[emptyOption, ...userTypes]} data-testid="profile-user-type" {...form.getInputProps('userType')} />
            <TextInput label={label('company')} autoComplete="organization" maxLength={PROFILE_LIMITS.company} data-testid="profile-company" {...form.getInputProps('company')} />
          </SimpleGrid>
          <Checkbox label={label('isInnerEmployee')} data-testid="profile-inner-employee" {...form.getInputProps('isInnerEmployee', { type: 'checkbox' })} />
          {values.isInnerEmployee && (
            <NativeSelect label={label('actingArea')} required data={[emptyOption, ...actingAreas]} data-testid="profile-acting-area" {...form.getInputProps('actingArea')} />
          )}
          {isLearner ? (
            <NativeSelect
              label={label('defaultStation')}
              description={t('profile.defaultStationDescription')}
              data={[emptyOption, ...cropChoices(stations ?? [], locale, values.defaultStation)]}
              data-testid="profile-default-station"
              {...form.getInputProps('defaultStation')}
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="profile-default-station-later">
              {t('profile.defaultStationLater')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} data-testid="profile-save">
              {user.registerStatus === 'Completed' || missing.length > 0 ? t('profile.save') : t('profile.saveAndComplete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
