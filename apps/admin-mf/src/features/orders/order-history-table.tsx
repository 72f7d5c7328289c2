import { useId } from 'react';
import type { OrderDto, OrderEventDto } from '@shop/contracts';
import { styled } from 'styled-components';
import { useOrderHistory } from '@shop/shop-client';
import { isoDay, orderStepText, Table, theme } from '@shop/ui';

/** Who made a step: the shop itself (an event, a deadline, a retry), the order's buyer, or the admin by name. */
function whoOf(actor: OrderEventDto['actor']): string {
  switch (actor.kind) {
    case 'shop':
      return 'Shop';
    case 'buyer':
      return 'Buyer';
    default:
      return actor.name ?? 'Admin';
  }
}

/**
 * `2026-11-21 15:05 UTC`: the shop's day (isoDay) and the minute, in UTC as the dashboard's days are.
 * Admins compare steps of one day (a refused payment, the retries of a refund, the mails), which the
 * day alone would not tell apart. An unreadable date stays as it came.
 */
function whenOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const utc = date.toISOString();
  return `${isoDay(utc)} ${utc.slice(11, 16)} UTC`;
}

const Section = styled.section`
  padding-bottom: ${theme.space[3]};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.border};

  h2 {
    font-size: ${theme.fontSizes.lg};
  }
`;

/** A step's details, one `key: value` a line; a long id wraps instead of widening the table. */
const Details = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-wrap: anywhere;
`;

const Unavailable = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

function StepDetails({ details }: { details?: OrderEventDto['details'] }) {
  const pairs = Object.entries(details ?? {});
  if (pairs.length === 0) return <>—</>;
  return (
    <Details>
      {pairs.map(([key, value]) => (
        <li key={key}>
          {key}: {String(value)}
        </li>
      ))}
    </Details>
  );
}

/**
 * 'Order history' for an admin: every step of the order, oldest first, in a table (STEP with its
 * reason, WHEN, WHO, DETAILS). Nothing is shown while it loads (it sits at the foot of the order's
 * page, so arriving moves nothing above it); a history that cannot be read is one muted line, the
 * order above it unchanged.
 */
export function OrderHistoryTable({ order }: { order: OrderDto }) {
  const headingId = useId();
  const history = useOrderHistory(order._id, order);
  if (!history.data && !history.isError) return null;
  if (history.data?.length === 0) return null;
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>Order history</h2>
      {history.data ? (
        <Table label="Steps of the order" columns={['STEP', 'WHEN', 'WHO', 'DETAILS']}>
          {history.data.map((step) => (
            <tr key={step._id}>
              <td>{orderStepText(step)}</td>
              <td>
                <time dateTime={step.at}>{whenOf(step.at)}</time>
              </td>
              <td>{whoOf(step.actor)}</td>
              <td>
                <StepDetails details={step.details} />
              </td>
            </tr>
          ))}
        </Table>
      ) : (
        <Unavailable>The order's history can't be shown right now.</Unavailable>
      )}
    </Section>
  );
}
