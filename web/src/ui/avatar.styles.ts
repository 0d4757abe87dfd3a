import styled from 'styled-components';

export const AvatarRoot = styled.span<{ $size: number; $background: string }>`
  position: relative;
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ $background }) => $background};
  color: ${({ theme }) => theme.colors.onAvatar};
  font-size: ${({ $size }) => Math.max(10, Math.round($size * 0.38))}px;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: 0.02em;
  user-select: none;
  [data-initials]::before { content: attr(data-initials); }
`;

export const AvatarImage = styled.img`
  width: 100%;
  height: 100%;
  border-radius: 50%;
  object-fit: cover;
`;

export const OnlineDot = styled.span<{ $size: number }>`
  position: absolute;
  right: 0;
  bottom: 0;
  width: ${({ $size }) => Math.max(8, Math.round($size * 0.26))}px;
  height: ${({ $size }) => Math.max(8, Math.round($size * 0.26))}px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.online};
  border: 2px solid ${({ theme }) => theme.colors.surface};
`;
