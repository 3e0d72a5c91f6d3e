import { useEffect, useMemo, useState } from 'react';
import { Drawer, mergeThemeOverrides, Modal, type MantineThemeOverride } from '@mantine/core';
import { i18n } from '../shared/i18n/i18n';

/** The close label of every modal and drawer, in the current language (once the shell strings are there). */
const closeLabel = (): string | undefined => (i18n.isInitialized && i18n.exists('shell:actions.close') ? i18n.t('shell:actions.close') : undefined);

/**
 * WCAG 4.1.2 (axe button-name): Mantine's modal and drawer close buttons are icons without a
 * name; every one gets "Close" in the reader's language unless the screen names it itself.
 */
export const useLocalizedTheme = (theme: MantineThemeOverride): MantineThemeOverride => {
  const [label, setLabel] = useState(closeLabel);
  useEffect(() => {
    const update = () => setLabel(closeLabel());
    i18n.on('languageChanged', update);
    i18n.on('loaded', update);
    update();
    return () => {
      i18n.off('languageChanged', update);
      i18n.off('loaded', update);
    };
  }, []);
  return useMemo(() => {
    if (!label) return theme;
    const closeButtonProps = { 'aria-label': label };
    return mergeThemeOverrides(theme, {
      components: {
        Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
        Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
      },
    });
  }, [theme, label]);
};
