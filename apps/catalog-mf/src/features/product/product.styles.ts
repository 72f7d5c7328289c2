/** The product page's look: styled components with the @shop/ui theme's tokens. */
import { styled } from 'styled-components';
import { Picture, theme } from '@shop/ui';

const { colors, space, radii } = theme;

export const Back = styled.div`
  margin: ${space[3]} 0;
`;

/** Square box reserved before the image arrives, so the text beside it does not move. */
export const ProductImage = styled(Picture)`
  display: block;
  width: 100%;
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: ${radii.md};
  background-color: ${colors.surface};
`;

export const Details = styled.div`
  h1 {
    margin-top: 0;
    font-size: ${theme.fontSizes.xl};
  }
`;

export const Reviews = styled.section`
  margin-top: ${space[4]};
`;

export const Panel = styled.section`
  padding: ${space[3]};
  border: ${theme.borders.hairline} solid ${colors.border};
  border-radius: ${radii.md};
`;

export const Line = styled.p`
  display: flex;
  justify-content: space-between;
  margin: 0 0 ${space[3]};
`;

export const ReviewItems = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const ReviewItem = styled.li`
  padding: ${space[3]} 0;
  border-bottom: ${theme.borders.hairline} solid ${colors.border};

  p {
    margin: 0;
  }
`;

/** The reviewer's name and their stars on one line, apart, wrapping on narrow screens. */
export const Byline = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[2]};
`;
