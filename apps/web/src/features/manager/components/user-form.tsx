import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, Select, SimpleGrid, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '@portal/identity/contracts/http';
import type { ManagedUser } from '@portal/identity/contracts/user-directory.http';
import type { ReferenceList } from '@portal/identity/contracts/shapes';
import { LOCALES, type Locale, type Permission, type Role } from '@portal/kernel';
import { isApiError } from '../../../shared/api/api-error';
import type { FieldRule } from '../../../shared/forms/field-rules';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useUpsertManagedUser } from '../api/user-admin';
import { withHeld, type SelectOption } from '../hooks/use-lookups';
import type { useGrantable, useManagerLookups } from '../hooks/use-lookups';
import {
  emptyUserForm,
  FORM_TABS,
  isEmptyUpdate,
  serverProblems,
  tabOf,
  toUpsertBody,
  userFormValues,
  validateUserForm,
  type FieldProblem,
  type UserFormField,
  type UserFormTab,
  type UserFormValues,
} from '../model/user-form';

type Lookups = ReturnType<typeof useManagerLookups>;
type Grantable = ReturnType<typeof useGrantable>;

interface Props {
  /** null: a new (pre-registered) user */
  user: ManagedUser | null;
  lookups: Lookups;
  grantable: Grantable;
  /** manage_all_companies: any company, or none */
  allCompanies: boolean;
  /** the manager's own user: their access is read only */
  isSelf: boolean;
  defaults: { companyId: string | null; country: string | null };
  onSaved: (userId: string) => void;
  onCancel: () => void;
}

const TAB_ORDER: UserFormTab[] = ['profile', 'organisation', 'expert', 'access'];
const REQUIRED_FIELDS = ['email', 'name', 'country', 'companyId'] as const;

/** The union of what may be granted and what the user holds; what is held but not grantable shows, locked. */
const accessChoices = <T extends string>(grantable: readonly T[], held: readonly T[]): { value: T; locked: boolean }[] =>
  [...grantable, ...held.filter((v) => !grantable.includes(v))].map((value) => ({ value, locked: !grantable.includes(value) }));

/** The create/edit form of the drawer: 001 §3 "User (manager view)" in four tabs, access included. */
export function UserForm({ user, lookups, grantable, allCompanies, isSelf, defaults, onSaved, onCancel }: Props) {
  const { t } = useTranslation('manager');
  const { t: tc } = useTranslation('common');
  const { t: te, i18n } = useTranslation('errors');
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const upsert = useUpsertManagedUser();
  const creating = user === null;
  const [initial] = useState<UserFormValues>(() => (user ? userFormValues(user) : emptyUserForm(defaults)));
  const [tab, setTab] = useState<UserFormTab>('profile');
  const [sendInvitation, setSendInvitation] = useState(true);
  const [lang, setLang] = useState<Locale>(lookups.lang);
  const [unplaced, setUnplaced] = useState<unknown>(null);
  const [nothingChanged, setNothingChanged] = useState(false);

  const label = (field: UserFormField): string => t(`fields.${field}`);
  // "is required" agrees with the label's gender (pt-BR, es): only required fields need one
  const gender = (field: UserFormField): string | undefined => ((REQUIRED_FIELDS as readonly string[]).includes(field) ? t(`fieldGenders.${field as (typeof REQUIRED_FIELDS)[number]}`) : undefined);
  const message = (field: UserFormField, rule: FieldRule | undefined): string | null => ruleMessage(rule, label(field), gender(field));
  const context = { creating, allCompanies };

  const form = useForm<UserFormValues>({
    initialValues: initial,
    validate: (values) => {
      const issues = validateUserForm(values, context);
      return Object.fromEntries((Object.keys(issues) as UserFormField[]).map((field) => [field, message(field, issues[field])]));
    },
  });
  const values = form.getValues();

  const options = (list: ReferenceList, filterParent?: string): SelectOption[] =>
    lookups.list(list).filter((o) => filterParent === undefined || o.parentId === null || o.parentId === filterParent);
  const isOther = (list: 'userTypes' | 'actingAreas', value: string): boolean => lookups.list(list).some((o) => o.value === value && o.other);

  const problemText = (field: UserFormField, problem: FieldProblem): string =>
    problem.kind === 'rule' ? (message(field, problem.rule) ?? '') : i18n.exists(problem.code, { ns: 'errors' }) ? te(problem.code as '400') : te('400');

  const firstTabWithError = (fields: readonly string[]): void => {
    const tabs = fields.map(tabOf).filter((x): x is UserFormTab => x !== undefined);
    const first = TAB_ORDER.find((candidate) => tabs.includes(candidate));
    if (first) setTab(first);
  };

  const submit = form.onSubmit(
    (submitted) => {
      setUnplaced(null);
      setNothingChanged(false);
      const body = toUpsertBody(submitted, {
        userId: user?.userId ?? null,
        initial,
        other: { userType: isOther('userTypes', submitted.userType), actingArea: isOther('actingAreas', submitted.actingArea) },
        accessEditable: !isSelf,
        lang,
        sendInvitation,
      });
      if (isEmptyUpdate(body)) {
        setNothingChanged(true);
        return;
      }
      upsert.mutate(body, {
        onSuccess: (answer) => {
          notifications.show({
            color: 'teal',
            message: answer.created ? (answer.invitationSent ? t('toast.createdInvited') : t('toast.created')) : t('toast.saved'),
            'data-testid': 'users-toast',
          });
          onSaved(answer.id);
        },
        onError: (error) => {
          if (!isApiError(error)) return setUnplaced(error);
          const problems = serverProblems(error);
          const fields = Object.keys(problems) as UserFormField[];
          form.setErrors(Object.fromEntries(fields.map((field) => [field, problemText(field, problems[field]!)])));
          firstTabWithError(fields);
          // a refusal that names no field of the drawer is said above the tabs
          if (fields.length === 0) setUnplaced(error);
        },
      });
    },
    (errors) => firstTabWithError(Object.keys(errors)),
  );

  const text = (field: UserFormField, extra: Record<string, unknown> = {}) => (
    <TextInput label={label(field)} data-testid={`user-${field}`} {...form.getInputProps(field)} {...extra} />
  );
  const pick = (field: UserFormField, choices: readonly SelectOption[], extra: Record<string, unknown> = {}) => (
    <NativeSelect
      label={label(field)}
      data={[{ value: '', label: t('form.none') }, ...withHeld(choices, String(values[field] ?? ''))]}
      data-testid={`user-${field}`}
      {...form.getInputProps(field)}
      {...extra}
    />
  );
  const tabHasError = (name: UserFormTab): boolean => FORM_TABS[name].some((field) => form.errors[field] != null);
  const tabLabel = (name: UserFormTab): ReactNode => (
    <Group gap={6} wrap="nowrap">
      {t(`tabs.form.${name}`)}
      {tabHasError(name) && (
        <Text span c="red" fw={700} aria-label={t('form.tabHasErrors')}>
          !
        </Text>
      )}
    </Group>
  );

  const roles = accessChoices<Role>(grantable.acl?.roles ?? [], initial.roles);
  const permissions = accessChoices<Permission>(grantable.acl?.permissions ?? [], initial.permissions);
  const tags = accessChoices<string>(grantable.acl?.aclTags ?? [], initial.aclTags);
  const tagLabel = (tag: string): string => grantable.tagOptions.find((o) => o.value === tag)?.label ?? tag;
  const crops = lookups.crops;
  const heldStations = initial.stations.filter((id) => !crops.some((c) => c.value === id)).map((id) => ({ value: id, label: id }));
  const accessLocked = isSelf;
  const companyOptions = lookups.companies;

  return (
    <form onSubmit={submit} noValidate aria-busy={upsert.isPending} data-testid="user-form">
      <Stack gap="md">
        {unplaced != null && (
          <Alert color="red" variant="light" role="alert" data-testid="user-form-error">
            {toMessage(unplaced)}
          </Alert>
        )}
        {nothingChanged && (
          <Alert color="gray" variant="light" data-testid="user-form-unchanged">
            {t('form.nothingChanged')}
          </Alert>
        )}
        <Tabs value={tab} onChange={(value) => setTab((value as UserFormTab | null) ?? 'profile')} keepMounted>
          <Tabs.List grow>
            {TAB_ORDER.map((name) => (
              <Tabs.Tab key={name} value={name} data-testid={`user-tab-${name}`}>
                {tabLabel(name)}
              </Tabs.Tab>
            ))}
          </Tabs.List>

          <Tabs.Panel value="profile" pt="md">
            <Stack gap="sm">
              {text('email', { type: 'email', required: creating, disabled: !creating, description: creating ? t('form.emailCreate') : t('form.emailFixed') })}
              {text('name', { required: creating })}
              <NativeSelect
                label={label('country')}
                required
                data={[{ value: '', label: t('form.choose') }, ...COUNTRY_CODES.map((code) => ({ value: code, label: tc(`countries.${code}`) }))]}
                data-testid="user-country"
                {...form.getInputProps('country')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {text('state')}
                {text('city')}
              </SimpleGrid>
              {text('phone', { type: 'tel', description: t('form.phoneHint') })}
              {pick('userType', options('userTypes'))}
              {isOther('userTypes', values.userType) && text('otherUserType')}
              {pick('actingArea', options('actingAreas'))}
              {isOther('actingAreas', values.actingArea) && text('otherActingArea')}
              {pick('defaultStation', lookups.crops)}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="organisation" pt="md">
            <Stack gap="sm">
              {allCompanies ? (
                <Select
                  label={label('companyId')}
                  searchable
                  clearable
                  placeholder={t('form.noCompany')}
                  nothingFoundMessage={t('form.nothingFound')}
                  data={withHeld(companyOptions, values.companyId)}
                  data-testid="user-companyId"
                  {...form.getInputProps('companyId')}
                  value={values.companyId === '' ? null : values.companyId}
                  onChange={(value) => form.setFieldValue('companyId', value ?? '')}
                />
              ) : (
                <TextInput
                  label={label('companyId')}
                  readOnly
                  value={companyOptions.find((c) => c.value === values.companyId)?.label ?? ''}
                  description={t('form.companyFixed')}
                  error={form.errors['companyId']}
                  data-testid="user-companyId"
                />
              )}
              <Switch label={label('isInnerEmployee')} data-testid="user-isInnerEmployee" {...form.getInputProps('isInnerEmployee', { type: 'checkbox' })} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {pick('salesTeam', options('salesTeams'))}
                {pick('dn', options('dn'))}
                {pick('regional', options('regional'))}
                {pick('position', options('positions'))}
                {pick('group', options('groups'), {
                  onChange: (e: ChangeEvent<HTMLSelectElement>) => {
                    form.setFieldValue('group', e.currentTarget.value);
                    // a responsible belongs to a group
                    form.setFieldValue('responsible', '');
                  },
                })}
                {pick('responsible', options('groupResponsibles', values.group || undefined))}
                {pick('region', options('regions'))}
                {text('businessRegion')}
                {pick('businessUnit', options('businessUnits'))}
              </SimpleGrid>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="expert" pt="md">
            <Stack gap="sm">
              {text('expertState')}
              {pick('theme', options('expertThemes'), {
                onChange: (e: ChangeEvent<HTMLSelectElement>) => {
                  form.setFieldValue('theme', e.currentTarget.value);
                  form.setFieldValue('subTheme', '');
                },
              })}
              {pick('subTheme', options('expertSubThemes', values.theme || undefined), { disabled: values.theme === '' })}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="access" pt="md">
            <Stack gap="md">
              {accessLocked && (
                <Alert color="gray" variant="light" data-testid="user-access-own">
                  {t('form.ownAccess')}
                </Alert>
              )}
              {grantable.error != null && (
                <Alert color="red" variant="light" role="alert">
                  {toMessage(grantable.error)}
                </Alert>
              )}
              <Checkbox.Group label={label('roles')} description={t('form.rolesHint')} {...form.getInputProps('roles')} data-testid="user-roles">
                <Stack gap={6} mt="xs">
                  {roles.map(({ value, locked }) => (
                    <Checkbox key={value} value={value} label={t(`roles.${value}`)} disabled={accessLocked || locked} data-testid={`user-role-${value}`} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Checkbox.Group label={label('permissions')} {...form.getInputProps('permissions')} data-testid="user-permissions">
                <Stack gap={6} mt="xs">
                  {permissions.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('form.nothingToGrant')}
                    </Text>
                  )}
                  {permissions.map(({ value, locked }) => (
                    <Checkbox key={value} value={value} label={t(`permissions.${value}`)} disabled={accessLocked || locked} data-testid={`user-permission-${value}`} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Checkbox.Group label={label('aclTags')} description={t('form.aclTagsHint')} {...form.getInputProps('aclTags')} data-testid="user-aclTags">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt="xs">
                  {tags.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('form.nothingToGrant')}
                    </Text>
                  )}
                  {tags.map(({ value, locked }) => (
                    <Checkbox
                      key={value}
                      value={value}
                      label={tagLabel(value)}
                      // dist:all grants every dist: tag (001 §6): the others need no tick beside it
                      disabled={accessLocked || locked || (value.startsWith('dist:') && value !== 'dist:all' && values.aclTags.includes('dist:all'))}
                      data-testid={`user-aclTag-${value}`}
                    />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
              <Stack gap={6}>
                <Switch label={t('form.allCrops')} disabled={accessLocked} data-testid="user-allStations" {...form.getInputProps('allStations', { type: 'checkbox' })} />
                <Checkbox.Group label={label('stations')} description={t('form.stationsHint')} {...form.getInputProps('stations')} data-testid="user-stations">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt="xs">
                    {[...crops, ...heldStations].map((crop) => (
                      <Checkbox key={crop.value} value={crop.value} label={crop.label} disabled={accessLocked || values.allStations} data-testid={`user-station-${crop.value}`} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
              </Stack>
            </Stack>
          </Tabs.Panel>
        </Tabs>

        {creating && (
          <Group align="flex-end" gap="md">
            <Checkbox label={t('form.sendInvitation')} checked={sendInvitation} onChange={(e) => setSendInvitation(e.currentTarget.checked)} data-testid="user-send-invitation" />
            <NativeSelect
              label={t('form.invitationLang')}
              value={lang}
              onChange={(e) => setLang(e.currentTarget.value as Locale)}
              data={LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
              disabled={!sendInvitation}
              data-testid="user-invitation-lang"
            />
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={upsert.isPending} data-testid="user-save">
            {creating ? t('form.create') : t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
