import { PRODUCT_NAME, TAGLINE } from '@quad/contracts';
import type { ComponentProps, ReactNode } from 'react';
import styled from 'styled-components';
import { media, space } from '../app/theme';
import { Card } from './card';
import { IconTile } from './icon-tile';
import { Stack } from './stack';
import { MutedText, Text } from './text';
import { withTag } from './with-tag';

/** The column that centres the brand and the card (sign-in, invitation, e-mail confirmation). */
export const FormColumn = styled.main`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space(6)};
  padding: ${space(12, 5)};
  ${media.down('sm')} { padding: ${space(8, 4)}; justify-content: flex-start; }
`;

export const Brand = styled(Stack).attrs({ $align: 'center' as const, $gap: 2 })`
  text-align: center;
`;

export const BrandMark = styled(IconTile).attrs<{ $inverted?: boolean }>(({ $inverted }) => ({ $size: 12, $tone: $inverted ? ('inverse' as const) : ('solid' as const) }))`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  box-shadow: ${({ theme, $inverted }) => ($inverted ? 'none' : theme.shadows.md)};
`;

export const AppName = styled(Text).attrs(withTag('h1', { $size: '3xl' as const, $weight: 'bold' as const, $tone: 'text' as const }))`
  letter-spacing: -0.02em;
`;

export const Tagline = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

export const AuthCard = styled(Card).attrs({ $shadow: 'lg' as const })`
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.sm};
  padding: ${space(7)};
  ${media.down('sm')} { padding: ${space(5)}; }
`;

export const Form = styled(Stack).attrs({ as: 'form' })``;

export const FormIntro = styled(Stack).attrs({ $gap: 1 })`
  margin-bottom: ${space(1)};
`;

export const FormTitle = styled(Text).attrs(withTag('h2', { $size: 'xl' as const, $weight: 'semibold' as const }))``;

export const FormText = styled(MutedText)``;

/** The brand (the 'Q' mark, Quad and the tagline) above one card: the layout of every signed-out step. */
export function BrandCard({ children, ...card }: ComponentProps<typeof AuthCard>) {
  return (
    <FormColumn>
      <Brand>
        <BrandMark aria-hidden="true">Q</BrandMark>
        <AppName>{PRODUCT_NAME}</AppName>
        <Tagline>{TAGLINE}</Tagline>
      </Brand>
      <AuthCard {...card}>{children}</AuthCard>
    </FormColumn>
  );
}

/** A card's heading and the sentence under it. */
export function FormHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <FormIntro>
      <FormTitle>{title}</FormTitle>
      <FormText>{children}</FormText>
    </FormIntro>
  );
}

/** A card that only tells something (a link used, an invitation gone) and offers one way on. */
export function CardMessage({ title, children, action }: { title: ReactNode; children: ReactNode; action: ReactNode }) {
  return (
    <Form as="div">
      <FormHeading title={title}>{children}</FormHeading>
      {action}
    </Form>
  );
}
