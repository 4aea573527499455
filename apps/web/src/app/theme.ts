import { Alert, Badge, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Spec 9: a blue primary scale. Shade 7 (filled buttons, links) keeps white text above 4.5:1 contrast. */
const spotterBlue: MantineColorsTuple = ['#e8f1fc', '#d0e2f8', '#a3c5ef', '#72a6e6', '#4a8bdd', '#2f7ad7', '#1f6ccc', '#175bb0', '#124d96', '#0b3a73'];

/** Mantine's gray 6 (#868e96) is used for dimmed text and is below 4.5:1 on white; this one is not. */
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#676f77', '#495057', '#343a40', '#212529'];

/** Title and icon colour of a light alert or badge, where the colour's own shade is too pale on its tint (WCAG AA). */
const LIGHT_ALERT_TEXT: Record<string, string> = { teal: '#0b5e45', orange: '#a33b0a', yellow: '#7a4f00' };

export const theme = createTheme({
  primaryColor: 'spotterBlue',
  primaryShade: 7,
  colors: { spotterBlue, gray },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who ask their system for reduced motion get modals, drawers and menus without transitions.
  respectReducedMotion: true,
  components: {
    // A light alert's title in its colour's own shade is below 4.5:1 for some colours (teal 9 on teal 1 is 4.3:1,
    // orange 9 on orange 1 3.6:1, yellow 9 on yellow 1 2.7:1); these darker shades pass.
    Alert: Alert.extend({
      vars: (_theme, props) => {
        const darker = (props.variant ?? 'light') === 'light' && typeof props.color === 'string' ? LIGHT_ALERT_TEXT[props.color] : undefined;
        return { root: darker ? { '--alert-color': darker } : {} };
      },
    }),
    // The same for a light badge's label (teal 9 on teal 1 is 4.3:1 at 11px bold).
    Badge: Badge.extend({
      vars: (_theme, props) => {
        const darker = props.variant === 'light' && typeof props.color === 'string' && !props.c ? LIGHT_ALERT_TEXT[props.color] : undefined;
        return { root: darker ? { '--badge-color': darker } : {} };
      },
    }),
  },
});

/** Input error text uses red 6 by default (3.6:1 on white); red 9 passes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
