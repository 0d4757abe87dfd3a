/**
 * A name's first character: a whole code point, not `charAt(0)`, which gives half of a character
 * outside the BMP (the 𠮷 of the surname 𠮷田, 𝓐, an emoji) and shows as '�'.
 */
export function firstCharacter(name?: string | null): string | undefined {
  return name ? Array.from(name.trim())[0] : undefined;
}

/** First letters of first and last name, upper-cased; '??' when either is missing (spec section 9). */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  const first = firstCharacter(firstName);
  const last = firstCharacter(lastName);
  if (!first || !last) return '??';
  return `${first}${last}`.toUpperCase();
}

export function fullName(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName].filter((part) => part && part.trim()).join(' ').trim();
}
