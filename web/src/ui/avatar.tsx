import { useState } from 'react';
import { initialsOf } from '../lib/initials';
import { deepenForWhiteText, deepenGradientForWhiteText } from '../lib/readable-colour';
import { AvatarImage, AvatarRoot, OnlineDot } from './avatar.styles';

// Fallback backgrounds when a person has no profile colour (spec section 9: six gradients,
// picked by the initial's character code).
const GRADIENTS = [
  'linear-gradient(135deg, #3B82F6, #6366F1)',
  'linear-gradient(135deg, #10B981, #14B8A6)',
  'linear-gradient(135deg, #8B5CF6, #EC4899)',
  'linear-gradient(135deg, #F59E0B, #EF4444)',
  'linear-gradient(135deg, #06B6D4, #3B82F6)',
  'linear-gradient(135deg, #EC4899, #F43F5E)',
];

export function avatarGradient(initials: string): string {
  return GRADIENTS[initials.charCodeAt(0) % GRADIENTS.length]!;
}

/** What an avatar shows of a person's profile (a User, a Friend, a chat member all have these). */
export interface AvatarPerson {
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  profileColor?: string | null;
}

export interface AvatarProps {
  /** The person shown, from their profile: instead of the name, image and colour props. */
  person?: AvatarPerson;
  firstName?: string | null;
  lastName?: string | null;
  imageUrl?: string | null;
  /** Profile colour (hex); without it a gradient is chosen from the initials. */
  color?: string | null;
  size?: number;
  online?: boolean;
  /** Overrides the initials, e.g. '?' for anonymous authors. */
  fallbackText?: string;
}

function fromProfile({ firstName, lastName, profileImageUrl, profileColor }: AvatarPerson) {
  return { firstName, lastName, imageUrl: profileImageUrl, color: profileColor };
}

/** A person's photo, or their initials on their profile colour. */
export function Avatar({ person, ...props }: AvatarProps) {
  const {
    firstName,
    lastName,
    imageUrl,
    color,
    size = 40,
    online,
    fallbackText,
  } = {
    ...props,
    ...(person && fromProfile(person)),
  };
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const initials = fallbackText ?? initialsOf(firstName, lastName);
  const name = [firstName, lastName].filter(Boolean).join(' ');
  const showImage = Boolean(imageUrl) && failedUrl !== imageUrl;
  return (
    <AvatarRoot
      $size={size}
      $background={
        showImage
          ? 'transparent'
          : color
            ? deepenForWhiteText(color)
            : deepenGradientForWhiteText(avatarGradient(initials))
      }
      role="img"
      aria-label={name ? `${name}'s avatar` : 'Avatar'}
    >
      {showImage ? (
        <AvatarImage src={imageUrl!} alt="" onError={() => setFailedUrl(imageUrl ?? null)} />
      ) : (
        // Drawn from the attribute by CSS: the root (role img) is already named, and a link or
        // button around an avatar is named by its own words, not by two letters inside it.
        <span aria-hidden="true" data-initials={initials} />
      )}
      {online && <OnlineDot $size={size} aria-hidden="true" />}
    </AvatarRoot>
  );
}
