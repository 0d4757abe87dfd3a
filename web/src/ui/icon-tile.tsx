import styled from 'styled-components';
import { icon, space, type AppTheme } from '../app/theme';

/** primary: blue on soft blue; muted: grey on grey; inverse: white on a coloured background; solid: white on blue; outline: blue on white, bordered. */
export type IconTileTone = 'primary' | 'muted' | 'danger' | 'inverse' | 'solid' | 'outline';

export interface IconTileProps {
  /** Width and height in steps of the spacing scale (10 = 2.5rem, the default). */
  $size?: number;
  /** A theme radius, or 'circle'. Default 'lg'. */
  $radius?: keyof AppTheme['radii'] | 'circle';
  $tone?: IconTileTone;
  /** Size of the svg inside. Default 'lg'. */
  $icon?: keyof AppTheme['iconSizes'];
}

/**
 * A square (or round) tile holding one icon or glyph: page header icons, empty-state circles,
 * feature bullets, the 'Q' mark, toast icons. One component instead of a styled span per screen.
 */
export const IconTile = styled.span<IconTileProps>`
  display: grid;
  place-items: center;
  flex-shrink: 0;
  width: ${({ $size = 10 }) => space($size)};
  height: ${({ $size = 10 }) => space($size)};
  border-radius: ${({ theme, $radius = 'lg' }) => ($radius === 'circle' ? '50%' : theme.radii[$radius])};
  ${({ theme, $tone = 'primary' }) =>
    ({
      primary: `background: ${theme.colors.primarySoft}; color: ${theme.colors.primary};`,
      muted: `background: ${theme.colors.surfaceHover}; color: ${theme.colors.subtle};`,
      danger: `background: ${theme.colors.dangerSoft}; color: ${theme.colors.danger};`,
      inverse: `background: ${theme.colors.onPrimarySoft}; color: ${theme.colors.onPrimary};`,
      solid: `background: ${theme.colors.primary}; color: ${theme.colors.onPrimary};`,
      outline: `background: ${theme.colors.surface}; color: ${theme.colors.primary}; border: 1px solid ${theme.colors.border};`,
    })[$tone]}
  svg { ${({ $icon = 'lg' }) => icon($icon)} }
`;
