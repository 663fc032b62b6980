import { THEME_PRIMARY } from '@dealflow/domain';
import type { ThemeConfig } from 'antd';

/** A Traditional Chinese sans font plus Roboto (SPEC section 9), then the platform defaults. */
export const FONT_FAMILY = [
  'Roboto',
  '"Noto Sans TC"',
  '"PingFang TC"',
  '"Microsoft JhengHei"',
  '"Roboto Condensed"',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/** Gold primary with green success, orange warning, red danger and grey info (SPEC section 9). */
export const THEME_COLORS = {
  primary: THEME_PRIMARY,
  success: '#3f9e5b',
  warning: '#e8892b',
  danger: '#d4380d',
  info: '#8c8c8c',
} as const;

export const appTheme: ThemeConfig = {
  cssVar: { key: 'dealflow' },
  token: {
    colorPrimary: THEME_COLORS.primary,
    colorSuccess: THEME_COLORS.success,
    colorWarning: THEME_COLORS.warning,
    colorError: THEME_COLORS.danger,
    colorInfo: THEME_COLORS.info,
    // antd derives links from the info colour; links stay gold like the rest of the brand.
    colorLink: THEME_COLORS.primary,
    fontFamily: FONT_FAMILY,
    borderRadius: 6,
  },
  components: {
    Layout: {
      headerHeight: 80,
      headerBg: '#ffffff',
      headerPadding: '0 24px',
      siderBg: '#ffffff',
      bodyBg: '#f5f5f4',
    },
  },
};
