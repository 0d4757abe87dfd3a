import styled from 'styled-components';
import { media } from '../../../app/theme';

export const Screen = styled.div`
  min-height: 100dvh;
  display: grid;
  grid-template-columns: 1fr;
  background:
    radial-gradient(1200px 600px at 0% 0%, rgba(59, 130, 246, 0.12), transparent 60%),
    radial-gradient(900px 500px at 100% 100%, rgba(99, 102, 241, 0.1), transparent 60%),
    ${({ theme }) => theme.colors.background};
  ${media.up('lg')} { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
`;

export const Hero = styled.section`
  display: none;
  ${media.up('lg')} {
    display: flex;
    flex-direction: column;
    justify-content: center;
    gap: 2rem;
    padding: 4rem clamp(2.5rem, 6vw, 6rem);
    color: #fff;
    background: linear-gradient(150deg, #3B82F6 0%, #2563EB 55%, #4F46E5 100%);
  }
`;

export const HeroTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['4xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 1.15;
  letter-spacing: -0.02em;
  max-width: 28rem;
`;

export const HeroText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: rgba(255, 255, 255, 0.85);
  max-width: 30rem;
`;

export const FeatureList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
`;

export const Feature = styled.li`
  display: flex;
  align-items: center;
  gap: 0.875rem;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

export const FeatureIcon = styled.span`
  display: grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(255, 255, 255, 0.16);
  svg { width: 1.2rem; height: 1.2rem; }
`;

export const FormColumn = styled.main`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 1.5rem;
  padding: 3rem 1.25rem;
  ${media.down('sm')} { padding: 2rem 1rem; justify-content: flex-start; }
`;

export const Brand = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  text-align: center;
`;

export const BrandMark = styled.span<{ $inverted?: boolean }>`
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $inverted }) => ($inverted ? 'rgba(255,255,255,0.18)' : theme.colors.primary)};
  color: #fff;
  font-size: 1.4rem;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  box-shadow: ${({ theme, $inverted }) => ($inverted ? 'none' : theme.shadows.md)};
`;

export const HeroBrand = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const AppName = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.02em;
  color: ${({ theme }) => theme.colors.text};
`;

export const Tagline = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

export const AuthCard = styled.div`
  width: 100%;
  max-width: 28rem;
  padding: 1.75rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  ${media.down('sm')} { padding: 1.25rem; }
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

export const FormIntro = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  margin-bottom: 0.25rem;
`;

export const FormTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const FormText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.75rem;
  ${media.down('sm')} { grid-template-columns: 1fr; }
`;

export const Notice = styled.p<{ $tone?: 'info' | 'success' }>`
  display: flex;
  align-items: flex-start;
  gap: 0.5rem;
  padding: 0.75rem 0.875rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : theme.colors.primarySoft)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? '#047857' : theme.colors.primaryActive)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  svg { flex-shrink: 0; width: 1rem; height: 1rem; margin-top: 0.15rem; }
`;

export const Footnote = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.subtle};
  text-align: center;
`;
