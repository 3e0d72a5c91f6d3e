import { createContext, useContext } from 'react';

/**
 * Set by the shell's layouts (app/layouts): the page is inside a layout that already draws
 * the header, the <main> landmark and the footer, so PageShell only lays out its content.
 */
export const LayoutChromeContext = createContext<boolean>(false);

export const useInsideLayout = (): boolean => useContext(LayoutChromeContext);
