import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid ${({ theme }) => theme.colors.primaryBorder};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 800ms linear infinite;
`;

/** A loading indicator; `label` is announced to screen readers. */
export function Spinner({ size = 32, label = 'Loading' }: { size?: number; label?: string }) {
  return <Ring $size={size} role="status" aria-label={label} />;
}
