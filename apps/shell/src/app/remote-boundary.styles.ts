import { styled } from 'styled-components';

// Placeholder values until the shared UI library's theme arrives.

/** The area a remote's page fills: the same minimum height loading, loaded or failed, so nothing shifts. */
export const PageArea = styled.section`
  min-height: 60vh;
`;

export const Notice = styled.p`
  padding: 0.75rem 1.25rem;
  border: 1px solid #f5c2c7;
  border-radius: 0.375rem;
  background: #f8d7da;
  color: #842029;
`;

export const RetryButton = styled.button`
  padding: 0.375rem 0.75rem;
  cursor: pointer;
`;
