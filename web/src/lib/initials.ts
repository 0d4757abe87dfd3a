/** First letters of first and last name, upper-cased; '??' when either is missing (spec section 9). */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim().charAt(0);
  const last = lastName?.trim().charAt(0);
  if (!first || !last) return '??';
  return `${first}${last}`.toUpperCase();
}

export function fullName(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName].filter((part) => part && part.trim()).join(' ').trim();
}
