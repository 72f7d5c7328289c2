import { styled } from 'styled-components';
import { theme } from './theme.js';

/** The frame of a product card: image on top, body below, the same height as its neighbours in a row. */
export const CardFrame = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  border: ${theme.borders.hairline} solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background-color: ${theme.colors.background};
  overflow: hidden;
`;

export const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  flex: 1;
  padding: ${theme.space[3]};
`;

/* The box reserves its height from its aspect-ratio (set by CardMedia) before the image arrives. */
export const MediaBox = styled.div`
  background-color: ${theme.colors.surface};
  a {
    display: block;
    height: 100%;
  }
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
