import { ActionIcon, Avatar, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookIcon, CalendarIcon, ChartIcon, LogoutIcon, UserIcon, UsersIcon } from '../../../shared/ui/icons';
import { hasAnyRole, hasCompany, hasPermission, type AccessSubject } from '../../../shared/session/access';
import { MENU_PATHS } from '../model/side-menu';

interface UserMenuProps {
  /** initials for the avatar */
  initials: string;
  user: AccessSubject | null;
  /** the main header's menu: profile, history, sign out (000 §2.8) */
  withHistory?: boolean;
  /** the training header's menu: sign-out, dashboard, manager and scheduling (000 §2.7) */
  withManagement?: boolean;
  withProfile?: boolean;
}

/** The user dropdown of the headers, reachable by keyboard (Mantine Menu). */
export function UserMenu({ initials, user, withHistory = false, withManagement = false, withProfile = true }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const companyStaff = hasAnyRole(user, ['company_manager', 'company_admin']) && hasCompany(user);
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" radius="xl" aria-label={initials ? t('header.userMenuWithInitials', { initials }) : t('header.userMenu')} data-testid="user-menu">
          <Avatar size={30} radius="xl" color="brand">
            {initials || <UserIcon size={16} />}
          </Avatar>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {withProfile && (
          <Menu.Item component={Link} to={MENU_PATHS.profile} leftSection={<UserIcon size={16} />} data-testid="user-menu-profile">
            {t('menu.profile')}
          </Menu.Item>
        )}
        {withHistory && (
          <Menu.Item component={Link} to={MENU_PATHS.history} leftSection={<BookIcon size={16} />} data-testid="user-menu-history">
            {t('header.history')}
          </Menu.Item>
        )}
        {withManagement && companyStaff && hasPermission(user, 'view_manager_dashboard') && (
          <Menu.Item component={Link} to={MENU_PATHS.dashboard} leftSection={<ChartIcon size={16} />}>
            {t('menu.dashboard')}
          </Menu.Item>
        )}
        {withManagement && companyStaff && (
          <Menu.Item component={Link} to={MENU_PATHS.managerUsers} leftSection={<UsersIcon size={16} />}>
            {t('menu.manager')}
          </Menu.Item>
        )}
        {withManagement && hasAnyRole(user, ['tc_manager', 'tc_admin']) && (
          <Menu.Item component={Link} to={MENU_PATHS.scheduling} leftSection={<CalendarIcon size={16} />}>
            {t('menu.scheduling')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to={MENU_PATHS.signOut} leftSection={<LogoutIcon size={16} />} data-testid="user-menu-signout">
          {t('menu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
