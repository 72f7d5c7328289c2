import { styled } from 'styled-components';
import { Spinner } from '@shop/ui';

const Row = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

/**
 * A small spinner with its text beside it. The spinner's status is named by the same text, which is
 * hidden from screen readers so they hear it once.
 */
export function Waiting({ text }: { text: string }) {
  return (
    <Row>
      <Spinner size="sm" label={text} />
      <span aria-hidden="true">{text}</span>
    </Row>
  );
}
